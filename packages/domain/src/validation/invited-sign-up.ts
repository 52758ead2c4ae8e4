import { z } from 'zod';
import { PASSWORD_MIN, TEXT_MAX } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { cappedText, emailField, passwordField, textField } from './fields.ts';
import { phoneField } from './phone-field.ts';

const EMAIL_MIN = 5;
const NAME_MIN = 2;
const PHONE_MIN = 2;

/** Invited sign-up form (docs/product.md §A5): all required; minimums email 5, name 2, phone 2, password 6. */
export const invitedSignUpFormSchema = z.object({
  email: emailField(MESSAGES.emailInvalid, EMAIL_MIN),
  name: textField(FALLBACK_MESSAGES.minLength(NAME_MIN), NAME_MIN),
  phone: phoneField(PHONE_MIN),
  password: passwordField(MESSAGES.passwordMin, PASSWORD_MIN),
  timezone: cappedText(TEXT_MAX.timezone).trim().optional(),
  avatar: z.string().optional(),
});
export type InvitedSignUpFormInput = z.infer<typeof invitedSignUpFormSchema>;

/**
 * POST /authorization/register attributes: the form plus the invitation token from the page's query
 * string, which the server needs to check the invitation (the role is always client).
 */
export const invitedSignUpSchema = invitedSignUpFormSchema.extend({
  token: cappedText(TEXT_MAX.token).trim().min(1, FALLBACK_MESSAGES.required),
});
export type InvitedSignUpBody = z.infer<typeof invitedSignUpSchema>;
