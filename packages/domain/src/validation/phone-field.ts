import { z } from 'zod';
import { TEXT_MAX } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { normalizePhone } from '../phone.ts';

/** The one message a typed phone earns, or null when it is a valid number; the first rule broken wins. */
function phoneProblem(value: string, min: number, minMessage: string): string | null {
  if (value.length < Math.max(min, 1)) return minMessage;
  if (value.length > TEXT_MAX.phone) return FALLBACK_MESSAGES.maxLength(TEXT_MAX.phone);
  return normalizePhone(value) === null ? MESSAGES.phoneInvalid : null;
}

function phoneSchema(min: number, minMessage: string, allowEmpty: boolean) {
  return z
    .string({ error: minMessage })
    .trim()
    .superRefine((value, ctx) => {
      if (allowEmpty && value === '') return;
      const problem = phoneProblem(value, min, minMessage);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
    })
    .transform((value) => (value === '' ? '' : (normalizePhone(value) as string)));
}

/**
 * THE phone field of every form and request body (docs/product.md §F13): at least `min` characters (the
 * form's own minimum and message), then a valid number ('Enter Correct Phone Number'), given on as E.164.
 */
export function phoneField(min: number, minMessage: string = FALLBACK_MESSAGES.minLength(min)) {
  return phoneSchema(min, minMessage, false);
}

/** The same, where an empty phone is allowed (`''` stays `''`, which the admin forms store as no phone). */
export function optionalPhoneField(min: number, minMessage: string = FALLBACK_MESSAGES.minLength(min)) {
  return phoneSchema(min, minMessage, true);
}
