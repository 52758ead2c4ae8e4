import { z } from 'zod';
import { TOUR_DONE_STEP } from '../project-team.ts';
import { idField } from './fields.ts';

// The request bodies of the project-team calls; the rules the web app shares stay in ../project-team.ts,
// free of zod, so a page that only shows a team does not load the validation library.

/** Reminder settings store 0 or 1 (docs/product.md §C3). */
const zeroOrOne = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0));

/** POST /reminder-setting/create (docs/product.md §C7): project_id, user_id, is_enabled. */
export const reminderSettingCreateSchema = z.object({
  project_id: idField,
  user_id: idField,
  is_enabled: zeroOrOne,
});
export type ReminderSettingCreateInput = z.infer<typeof reminderSettingCreateSchema>;

/** PATCH /reminder-setting/{id} (docs/product.md §C7): is-enabled. */
export const reminderSettingUpdateSchema = z.object({ 'is-enabled': zeroOrOne });
export type ReminderSettingUpdateInput = z.infer<typeof reminderSettingUpdateSchema>;

/** PATCH /tour-state (docs/product.md §C4). */
export const tourStateUpdateSchema = z.object({
  step: z.coerce.number().int().min(1).max(TOUR_DONE_STEP),
  visited: z.boolean(),
  'open-modal': z.boolean(),
});
export type TourStateUpdateInput = z.infer<typeof tourStateUpdateSchema>;
