import { z } from 'zod';
import { TEXT_MAX } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { textField, toStoredEmail } from './fields.ts';

const AVATAR_EXTENSION = /\.(jpe?g|png|gif)$/i;

/** Avatar file names must end .jpg, .jpeg, .png or .gif (docs/product.md §C5). */
export function isAllowedAvatarFileName(fileName: string): boolean {
  return AVATAR_EXTENSION.test(fileName.trim());
}

/**
 * Add developer / add project manager modal (docs/product.md §C5). `avatar` is the chosen file's name (or the
 * uploaded image URL, which keeps the extension); name and email are trimmed.
 */
export const addTeamMemberSchema = z.object({
  avatar: z
    .string({ error: MESSAGES.avatarRequired })
    .trim()
    .min(1, { error: MESSAGES.avatarRequired, abort: true })
    .max(TEXT_MAX.url, { error: FALLBACK_MESSAGES.maxLength(TEXT_MAX.url), abort: true })
    .refine(isAllowedAvatarFileName, MESSAGES.avatarExtension),
  name: textField(MESSAGES.nameRequired),
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, { error: MESSAGES.emailRequired, abort: true })
    .max(TEXT_MAX.email, { error: FALLBACK_MESSAGES.maxLength(TEXT_MAX.email), abort: true })
    .transform(toStoredEmail(MESSAGES.emailWrongFormat)),
});
export type AddTeamMemberInput = z.infer<typeof addTeamMemberSchema>;
