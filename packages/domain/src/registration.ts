import type { Actor } from './permissions.ts';
import { isStaffRole } from './roles.ts';

/** The get-started wizard is for logged-out visitors and clients (client §6); staff are refused. */
export function canUseGetStartedWizard(actor: Actor): boolean {
  return actor === null || !isStaffRole(actor.role);
}

/** Non-HttpOnly marker cookie set after a wizard registration; the first-visit tour reads it (client §4). */
export const REGISTRATION_MARKER_COOKIE = 'dd_registered';
