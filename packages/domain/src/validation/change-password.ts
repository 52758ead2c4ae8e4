import { z } from 'zod';
import { PASSWORD_MIN } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { passwordField } from './fields.ts';

const password = passwordField(MESSAGES.passwordMin, PASSWORD_MIN);

/** The change-password form: both fields min 6, and they must match (docs/product.md §C5). */
export const changePasswordFormSchema = z
  .object({ password, confirm: password })
  .refine((v) => v.password === v.confirm, { message: MESSAGES.passwordsDontMatch, path: ['confirm'] });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** PATCH /user/{id} with a new password, the wire side of the same form (docs/product.md §C7). */
export const userPasswordSchema = z.object({ password });
export type UserPasswordInput = z.infer<typeof userPasswordSchema>;

/**
 * PATCH /user/{id} with a new password from the user's own session: the current password too, so a
 * stolen session cannot take the account over (issue 41 finding 3, docs/product.md §F4).
 */
export const ownPasswordSchema = z.object({
  password,
  'current-password': z
    .string({ message: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(200),
});
export type OwnPasswordInput = z.infer<typeof ownPasswordSchema>;

/**
 * The current password beside a user's own new e-mail (the edit-user and owner-details forms): asked for
 * only when the e-mail is theirs and changes, so it is optional here; the server says when it is missing
 * (docs/product.md §F4).
 */
export const currentPasswordAttribute = z.string().max(200).optional();
