import { z } from 'zod';
import { ADMIN_NAME_MIN, ADMIN_PHONE_MIN } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { mayChangeRole } from '../permissions.ts';
import { ROLES, type Role } from '../roles.ts';
import { currentPasswordAttribute } from './change-password.ts';
import { emailField, textField } from './fields.ts';
import { optionalPhoneField } from './phone-field.ts';

const EMAIL_MIN = 3;

/**
 * Edit user (docs/product.md §A5): PATCH /user/{id} attributes. Name, login and email are required; minimums name 2,
 * login 2, email 3, phone 3; an explicitly empty phone is allowed. An empty role choice is ignored
 * (docs/product.md §A4), so role is optional.
 */
export const editUserSchema = z.object({
  role: z
    .union([z.literal(''), z.enum(ROLES)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  name: textField(FALLBACK_MESSAGES.minLength(ADMIN_NAME_MIN), ADMIN_NAME_MIN),
  login: textField(FALLBACK_MESSAGES.minLength(ADMIN_NAME_MIN), ADMIN_NAME_MIN),
  email: emailField(MESSAGES.invalidEmail, EMAIL_MIN),
  phone: optionalPhoneField(ADMIN_PHONE_MIN),
  timezone: z.string().trim().max(64).optional(),
  avatar: z.string().max(2048).optional(),
  'current-password': currentPasswordAttribute,
});
export type EditUserInput = z.infer<typeof editUserSchema>;

/**
 * "A new login is sent only if longer than 3 characters, a new email only if longer than 5; otherwise
 * the old value is kept" (docs/product.md §A5).
 */
export function mergeLoginEmail(
  previous: { login: string; email: string },
  next: { login: string; email: string },
): { login: string; email: string } {
  return {
    login: next.login.trim().length > 3 ? next.login.trim() : previous.login,
    email: next.email.trim().length > 5 ? next.email.trim() : previous.email,
  };
}

/** The relationships an admin form sends for a user, by role (docs/product.md §A2 edit user and create forms). */
export type UserExtra = 'company' | 'team' | 'tech';

/**
 * Role-dependent extras: a client has a company; a projectManager has teams ({product}); a developer has
 * teams and tech expertise. Other roles have none.
 */
export const ROLE_EXTRAS: Readonly<Record<Role, readonly UserExtra[]>> = {
  client: ['company'],
  superAdmin: [],
  admin: [],
  accountManager: [],
  developer: ['team', 'tech'],
  projectManager: ['team'],
  readonlyManager: [],
  assistant: [],
};

export function roleHasExtra(role: Role, extra: UserExtra): boolean {
  return ROLE_EXTRAS[role].includes(extra);
}

/**
 * Only a superAdmin may edit or create a superAdmin, or make someone one; an admin manages every other
 * role. (The spec leaves this open; an admin promoting themselves past the top role would be a hole.)
 * The rule itself is 'user:manage' in permissions.ts (mayChangeRole); this is its form for the pickers.
 */
export function mayAssignRole(actorRole: Role, currentRole: Role | null, nextRole: Role): boolean {
  return mayChangeRole({ id: 0, role: actorRole }, { id: -1, current: currentRole, next: nextRole });
}
