import { type CamelKeys, emailConfirmationMetaSchema } from '@dd/domain';
import type { z } from 'zod';

type ConfirmationMeta = CamelKeys<z.infer<typeof emailConfirmationMetaSchema>>;

/**
 * The new address a confirmation link went to, when a save changed someone else's e-mail (the answer's
 * `meta`, camelCased by the API client); null when the save applied the e-mail at once or kept it.
 */
export function confirmationSentTo(meta: Partial<ConfirmationMeta> | undefined): string | null {
  const parsed = emailConfirmationMetaSchema.safeParse({
    'email-confirmation-sent-to': meta?.emailConfirmationSentTo,
  });
  return parsed.success ? parsed.data['email-confirmation-sent-to'] : null;
}

export const confirmationSentMessage = (to: string) =>
  `We sent a confirmation link to ${to}. The new e-mail applies once it is confirmed from that mailbox.`;
