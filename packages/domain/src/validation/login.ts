import { z } from 'zod';
import { PASSWORD_MIN } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { passwordField, textField } from './fields.ts';

/** POST /authorization/login attributes and the sign-in form (docs/product.md §C5, §C7). */
export const loginSchema = z.object({
  login: textField(MESSAGES.loginInvalid),
  password: passwordField(MESSAGES.passwordIncorrect, PASSWORD_MIN),
  remember: z.enum(['1', '0']).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;
