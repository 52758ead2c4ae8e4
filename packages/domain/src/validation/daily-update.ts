import { z } from 'zod';
import { TEXT_MAX } from '../limits.ts';
import { MARKDOWN_NESTING_MESSAGE, markdownNestingOk } from '../markdown.ts';
import { FALLBACK_MESSAGES, LABELS } from '../messages.ts';
import { idField, nonZeroTextField } from './fields.ts';

/**
 * Daily update text: non-empty and not numerically zero (docs/product.md §C5), nested no deeper than
 * renderers can take (§C9). The spec quotes no message.
 */
export const dailyUpdateTextField = nonZeroTextField(
  FALLBACK_MESSAGES.required,
  1,
  FALLBACK_MESSAGES.required,
  TEXT_MAX.long,
).refine(markdownNestingOk, MARKDOWN_NESTING_MESSAGE);

export const dailyUpdateFormSchema = z.object({ description: dailyUpdateTextField });
export type DailyUpdateFormInput = z.infer<typeof dailyUpdateFormSchema>;

/**
 * POST /project-update/post attributes (docs/product.md §C7), spec names kept. The title is always 'update';
 * the reporter is the signed-in user, so the server may ignore a sent reporter_user_id.
 */
export const projectUpdatePostSchema = z.object({
  title: z.literal(LABELS.projectUpdateTitle).default(LABELS.projectUpdateTitle),
  project_id: idField,
  reporter_user_id: idField.optional(),
  description: dailyUpdateTextField,
});
export type ProjectUpdatePostBody = z.infer<typeof projectUpdatePostSchema>;
