import { TOUR_STEPS } from './limits.ts';

/** The people a project team is made of (docs/product.md §C2 "Your {product}"), by project relationship. */
export const TEAM_MEMBER_ROLES = ['developer', 'projectManager'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];

/**
 * A reminder toggle (docs/product.md §C4): members default to enabled when no setting exists; the first
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
 * First-visit tour (docs/product.md §C4): steps 1 to 3 are shown; step TOUR_DONE_STEP means finished (the
 * chat step advances past the last step after two seconds).
 */
export const TOUR_DONE_STEP = TOUR_STEPS + 1;
