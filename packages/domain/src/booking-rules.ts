import { CALL_MAX_WEEKS, CALL_MIN_LEAD_HOURS, COMPANY_TIMEZONE } from './limits.ts';

/**
 * The booking rules an admin edits in Settings (docs/product.md §C9, §F1): how soon and how far ahead a
 * discovery call may be booked and the gap kept free around every live call. Stored as one JSON setting
 * so the form, the slot list and the booking check read the same three numbers; a missing or broken
 * value means the defaults, which are the rules the product had before they became settings.
 */
export const BOOKING_RULES_SETTING = 'bookingRules';
/** The company's IANA timezone (docs/product.md §F1): the zone the work hours are wall clock in. */
export const COMPANY_TIMEZONE_SETTING = 'companyTimezone';

export type BookingRules = {
  /** A call starts at least this many hours after the booking. */
  minNoticeHours: number;
  /** A call starts at most this many days after the booking. */
  maxDaysAhead: number;
  /** Minutes kept free before and after every live call. */
  bufferMinutes: number;
};

export const DEFAULT_BOOKING_RULES: BookingRules = {
  minNoticeHours: CALL_MIN_LEAD_HOURS,
  maxDaysAhead: CALL_MAX_WEEKS * 7,
  bufferMinutes: 15,
};

export const BOOKING_RULE_LIMITS = {
  minNoticeHours: { min: 0, max: 168 },
  maxDaysAhead: { min: 1, max: 365 },
  bufferMinutes: { min: 0, max: 120 },
} as const satisfies Record<keyof BookingRules, { min: number; max: number }>;

export const BOOKING_RULE_ERRORS = {
  minNoticeHours: 'Minimum notice is a whole number of hours from 0 to 168',
  maxDaysAhead: 'Days ahead is a whole number from 1 to 365',
  bufferMinutes: 'Buffer is a whole number of minutes from 0 to 120',
  json: 'Booking rules must be a JSON object with minNoticeHours, maxDaysAhead and bufferMinutes',
  timezone: 'Choose a known timezone, e.g. Europe/Berlin',
} as const;

/** The first problem of a rules object (by the field it names), or null when every rule is in range. */
export function bookingRulesProblem(
  value: unknown,
): { field: keyof BookingRules | 'json'; title: string } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { field: 'json', title: BOOKING_RULE_ERRORS.json };
  const record = value as Record<string, unknown>;
  const keys = Object.keys(BOOKING_RULE_LIMITS) as Array<keyof BookingRules>;
  if (Object.keys(record).some((k) => !(keys as string[]).includes(k)))
    return { field: 'json', title: BOOKING_RULE_ERRORS.json };
  for (const key of keys) {
    const n = record[key];
    const { min, max } = BOOKING_RULE_LIMITS[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
      return { field: key, title: BOOKING_RULE_ERRORS[key] };
  }
  return null;
}

/** The rules a setting's value holds; the defaults when it is missing or not valid. */
export function parseBookingRules(value: string | null | undefined): BookingRules {
  if (!value) return DEFAULT_BOOKING_RULES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return DEFAULT_BOOKING_RULES;
  }
  if (bookingRulesProblem(parsed)) return DEFAULT_BOOKING_RULES;
  const r = parsed as BookingRules;
  return { minNoticeHours: r.minNoticeHours, maxDaysAhead: r.maxDaysAhead, bufferMinutes: r.bufferMinutes };
}

/** The company timezone a setting's value names; the default zone when missing or unknown. */
export function parseCompanyTimezone(value: string | null | undefined, isValid: (zone: string) => boolean) {
  return value && isValid(value) ? value : COMPANY_TIMEZONE;
}
