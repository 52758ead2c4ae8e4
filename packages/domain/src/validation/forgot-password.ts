import { z } from 'zod';
import { TEXT_MAX } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { cappedText, emailField } from './fields.ts';

/** POST /authorization/forgot attributes; the form sends only the e-mail (docs/product.md §C5, §C7). */
export const forgotPasswordSchema = z.object({
  email: emailField(MESSAGES.emailInvalid),
  redirect_url: cappedText(TEXT_MAX.url).optional(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
