import type { Actor } from './permissions.ts';
import { isStaffRole } from './roles.ts';

/** The get-started wizard is for logged-out visitors and clients (docs/product.md §C6); staff are refused. */
export function canUseGetStartedWizard(actor: Actor): boolean {
  return actor === null || !isStaffRole(actor.role);
}

/** Non-HttpOnly marker cookie set after a wizard registration; the first-visit tour reads it (docs/product.md §C4). */
export const REGISTRATION_MARKER_COOKIE = 'dd_registered';
