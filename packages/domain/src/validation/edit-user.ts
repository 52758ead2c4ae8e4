import { z } from 'zod';
import { ADMIN_NAME_MIN, ADMIN_PHONE_MIN } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { emailField, textField } from './fields.ts';

const EMAIL_MIN = 3;

/**
 * Edit user (admin §5): PATCH /user/{id} attributes. Name, login and email are required; minimums name 2,
 * login 2, email 3, phone 3; an explicitly empty phone is allowed. An empty role choice is ignored
 * (admin §4), so role is optional.
 */
export const editUserSchema = z.object({
  role: z.enum(ROLES).optional(),
  name: textField(FALLBACK_MESSAGES.minLength(ADMIN_NAME_MIN), ADMIN_NAME_MIN),
  login: textField(FALLBACK_MESSAGES.minLength(ADMIN_NAME_MIN), ADMIN_NAME_MIN),
  email: emailField(MESSAGES.invalidEmail, EMAIL_MIN),
  phone: z.union([
    z.literal(''),
    z.string().trim().min(ADMIN_PHONE_MIN, FALLBACK_MESSAGES.minLength(ADMIN_PHONE_MIN)),
  ]),
  timezone: z.string().trim().optional(),
  avatar: z.string().optional(),
});
export type EditUserInput = z.infer<typeof editUserSchema>;

/**
 * "A new login is sent only if longer than 3 characters, a new email only if longer than 5; otherwise
 * the old value is kept" (admin §5).
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
