import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { emailField } from './fields.ts';

/** POST /authorization/forgot attributes; the form sends only the e-mail (client §5, §7). */
export const forgotPasswordSchema = z.object({
  email: emailField(MESSAGES.emailInvalid),
  redirect_url: z.string().optional(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
