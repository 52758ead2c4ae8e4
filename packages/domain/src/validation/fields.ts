import { z } from 'zod';
import { ID_MAX } from '../limits.ts';
import { FALLBACK_MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN } from './email.ts';

/** True for a value that reads as the number zero ('0', '00', '0.0'), which the specs reject as empty. */
export function isNumericZero(value: string): boolean {
  const trimmed = value.trim();
  return trimmed !== '' && Number(trimmed) === 0;
}

// Checks abort on the first failure so a field shows one message, the first rule it breaks.

/** A trimmed string of at least `min` characters; a missing value gets the same message. */
export function textField(message: string, min = 1) {
  return z.string({ error: message }).trim().min(Math.max(min, 1), { error: message, abort: true });
}

/** Like textField, and a zero-valued entry counts as empty ("empty or zero value is an error"). */
export function nonZeroTextField(message: string, min = 1, zeroMessage = message) {
  return textField(message, min).refine((v) => !isNumericZero(v), zeroMessage);
}

/** An e-mail of at least `min` characters matching the spec's pattern. */
export function emailField(message: string, min = 1) {
  return z
    .string({ error: message })
    .trim()
    .min(Math.max(min, 1), { error: message, abort: true })
    .regex(EMAIL_PATTERN, { error: message, abort: true });
}

/** Passwords are never trimmed: spaces are characters the user chose. */
export function passwordField(message: string, min: number) {
  return z.string({ error: message }).min(min, { error: message, abort: true });
}

/**
 * THE record id, for every path id, query id and body id: as sent on the wire (JSON:API ids are strings;
 * the spec's payloads also send numbers), a positive integer no larger than a PostgreSQL `integer`.
 */
export const idField = z.coerce
  .number({ error: FALLBACK_MESSAGES.invalidId })
  .int(FALLBACK_MESSAGES.invalidId)
  .positive(FALLBACK_MESSAGES.invalidId)
  .max(ID_MAX, FALLBACK_MESSAGES.invalidId);

/** Route params `{ id }`, the shape most record routes take. */
export const idParamsSchema = z.object({ id: idField });

/** A lookup id that may be left unset. */
export const optionalIdField = z
  .union([z.null(), z.literal(''), idField])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));
