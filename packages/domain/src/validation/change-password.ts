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
