import { z } from 'zod';
import { ID_MAX, TEXT_MAX } from '../limits.ts';
import { FALLBACK_MESSAGES } from '../messages.ts';
import { emailToAscii } from './email.ts';

/** True for a value that reads as the number zero ('0', '00', '0.0'), which docs/product.md reject as empty. */
export function isNumericZero(value: string): boolean {
  const trimmed = value.trim();
  return trimmed !== '' && Number(trimmed) === 0;
}

// Checks abort on the first failure so a field shows one message, the first rule it breaks.

/** A string of at most `max` characters (TEXT_MAX), with the one message every cap shows. */
export function cappedText(max: number) {
  return z.string().max(max, { error: FALLBACK_MESSAGES.maxLength(max), abort: true });
}

/** A trimmed string of at least `min` and at most `max` characters; a missing value gets the message. */
export function textField(message: string, min = 1, max: number = TEXT_MAX.short) {
  return z
    .string({ error: message })
    .trim()
    .min(Math.max(min, 1), { error: message, abort: true })
    .max(max, { error: FALLBACK_MESSAGES.maxLength(max), abort: true });
}

/** Like textField, and a zero-valued entry counts as empty ("empty or zero value is an error"). */
export function nonZeroTextField(
  message: string,
  min = 1,
  zeroMessage = message,
  max: number = TEXT_MAX.short,
) {
  return textField(message, min, max).refine((v) => !isNumericZero(v), zeroMessage);
}

/**
 * The e-mail check (validation/email.ts) as a zod transform: an address passes as it is stored and sent
 * (its domain in ASCII, punycode for an internationalised one); anything else gets `message`.
 */
export function toStoredEmail(message: string) {
  return (value: string, ctx: z.RefinementCtx<string>) => {
    const address = emailToAscii(value);
    if (address !== null) return address;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
}

/** An e-mail of at least `min` characters that is an address (validation/email.ts), in its stored form. */
export function emailField(message: string, min = 1) {
  return z
    .string({ error: message })
    .trim()
    .min(Math.max(min, 1), { error: message, abort: true })
    .max(TEXT_MAX.email, { error: FALLBACK_MESSAGES.maxLength(TEXT_MAX.email), abort: true })
    .transform(toStoredEmail(message));
}

/** Passwords are never trimmed: spaces are characters the user chose. */
export function passwordField(message: string, min: number) {
  return z
    .string({ error: message })
    .min(min, { error: message, abort: true })
    .max(TEXT_MAX.password, { error: FALLBACK_MESSAGES.maxLength(TEXT_MAX.password), abort: true });
}

/** An id as text: digits only, no leading zero (so no sign, space, exponent, fraction, hex or '+'). */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/**
 * THE id parser, for every path id, query id, filter id and body id: a positive integer no larger than a
 * PostgreSQL `integer`, sent as a JSON number or as its plain decimal digits. Anything else is null,
 * never a nearby id: ' 1', '0x3', '3.0', '1e3', '+1' and '01' are not ids.
 */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1 && value <= ID_MAX ? value : null;
  if (typeof value !== 'string' || !ID_TEXT.test(value)) return null;
  const id = Number(value);
  return id <= ID_MAX ? id : null;
}

/**
 * THE record id field (see parseId): as sent on the wire, JSON:API ids are strings; the product's payloads
 * also send numbers.
 */
export const idField = z
  .union(
    [
      z
        .number({ error: FALLBACK_MESSAGES.invalidId })
        .int(FALLBACK_MESSAGES.invalidId)
        .min(1, FALLBACK_MESSAGES.invalidId)
        .max(ID_MAX, FALLBACK_MESSAGES.invalidId),
      z.string({ error: FALLBACK_MESSAGES.invalidId }).regex(ID_TEXT, FALLBACK_MESSAGES.invalidId),
    ],
    { error: FALLBACK_MESSAGES.invalidId },
  )
  .transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: FALLBACK_MESSAGES.invalidId });
      return z.NEVER;
    }
    return id;
  });

/** Route params `{ id }`, the shape most record routes take. */
export const idParamsSchema = z.object({ id: idField });

/**
 * A lookup id that may be unset: null or '' clears it; left out it stays undefined, so a PATCH that does
 * not name the field leaves it alone (docs/product.md §F4: partial updates change only what they name).
 */
export const optionalIdField = z
  .union([z.null(), z.literal(''), idField])
  .optional()
  .transform((v) => (v === '' ? null : v));
