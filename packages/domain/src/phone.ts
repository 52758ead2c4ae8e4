import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phones (docs/product.md §F13): one reading of a typed number for the web forms and the server, through
 * libphonenumber-js. A number is written internationally: a leading `+` or `00`, or, without either,
 * the country code first (as the phone-prefix blacklist reads numbers). Digits may be grouped with
 * spaces, dots, dashes, slashes and brackets; anything else (letters, an extension) is no phone.
 */
const PHONE_CHARACTERS = /^\+?[\d\s().\-/]+$/;

/** The number in E.164 (`+14155550199`), or null when the text is no valid phone number. */
export function normalizePhone(text: string): string | null {
  const typed = text.trim();
  if (!PHONE_CHARACTERS.test(typed)) return null;
  const digits = typed.replace(/[^\d+]/g, '');
  const international = digits.startsWith('+') ? digits : `+${digits.replace(/^00/, '')}`;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : null;
}

export function isValidPhone(text: string): boolean {
  return normalizePhone(text) !== null;
}

/**
 * How a stored phone is shown: a valid number internationally (`+1 415 555 0199`), or nationally
 * (`(415) 555-0199`) for a reader in its own country; a stored value that is no valid number (kept from
 * before numbers were checked) as it was, so it stays readable.
 */
export function formatPhone(
  stored: string | null | undefined,
  style: 'international' | 'national' = 'international',
): string {
  if (!stored) return '';
  const e164 = normalizePhone(stored);
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed) return stored;
  return style === 'national' ? parsed.formatNational() : parsed.formatInternational();
}

/** The `tel:` link of a stored phone, or null when it is no valid number (so no link dials nonsense). */
export function phoneHref(stored: string | null | undefined): string | null {
  const e164 = stored ? normalizePhone(stored) : null;
  return e164 ? `tel:${e164}` : null;
}
