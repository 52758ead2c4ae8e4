import { z } from 'zod';
import { TOUR_STEPS } from './limits.ts';
import { idField } from './validation/fields.ts';

/** The people a project team is made of (client spec §2 "Your {product}"), by project relationship. */
export const TEAM_MEMBER_ROLES = ['developer', 'projectManager'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];

/** Reminder settings store 0 or 1 (client spec §3). */
const zeroOrOne = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0));

/** POST /reminder-setting/create (client spec §7): project_id, user_id, is_enabled. */
export const reminderSettingCreateSchema = z.object({
  project_id: idField,
  user_id: idField,
  is_enabled: zeroOrOne,
});
export type ReminderSettingCreateInput = z.infer<typeof reminderSettingCreateSchema>;

/** PATCH /reminder-setting/{id} (client spec §7): is-enabled. */
export const reminderSettingUpdateSchema = z.object({ 'is-enabled': zeroOrOne });
export type ReminderSettingUpdateInput = z.infer<typeof reminderSettingUpdateSchema>;

/**
 * A reminder toggle (client spec §4): members default to enabled when no setting exists; the first
 * toggle creates the setting disabled; later toggles flip it.
 */
export function isReminderEnabled(setting: { isEnabled: number } | null | undefined): boolean {
  return setting ? setting.isEnabled === 1 : true;
}
export function nextReminderValue(setting: { isEnabled: number } | null | undefined): 0 | 1 {
  if (!setting) return 0;
  return setting.isEnabled === 1 ? 0 : 1;
}

/**
 * First-visit tour (client spec §4): steps 1 to 3 are shown; step TOUR_DONE_STEP means finished (the
 * chat step advances past the last step after two seconds).
 */
export const TOUR_DONE_STEP = TOUR_STEPS + 1;
export const tourStateUpdateSchema = z.object({
  step: z.coerce.number().int().min(1).max(TOUR_DONE_STEP),
  visited: z.boolean(),
  'open-modal': z.boolean(),
});
export type TourStateUpdateInput = z.infer<typeof tourStateUpdateSchema>;
