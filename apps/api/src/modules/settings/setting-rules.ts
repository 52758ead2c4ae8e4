import {
  BOOKING_RULE_ERRORS,
  BOOKING_RULES_SETTING,
  bookingRulesProblem,
  COMPANY_TIMEZONE_SETTING,
  DEFAULT_ACCOUNT_MANAGER_SETTING,
  isValidTimezone,
  PHONE_PREFIX_BLACKLIST_SETTING,
  parseId,
  SETTING_UNSET_VALUE,
} from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';

/** Names an admin may write; every other name is refused so the table holds only settings the app reads. */
export const WRITABLE_SETTINGS: readonly string[] = [
  DEFAULT_ACCOUNT_MANAGER_SETTING,
  PHONE_PREFIX_BLACKLIST_SETTING,
  BOOKING_RULES_SETTING,
  COMPANY_TIMEZONE_SETTING,
];

export function assertWritableName(name: string) {
  if (!WRITABLE_SETTINGS.includes(name))
    throw new AppError('unprocessable', { title: `Unknown setting '${name}'`, pointer: attr('name') });
}

/** The default account manager is 'init' (unset) or the id of an active user whose role is accountManager. */
export async function assertValidValue(db: Db, name: string, value: string) {
  const invalidValue = (title: string) => new AppError('unprocessable', { title, pointer: attr('value') });
  if (name === BOOKING_RULES_SETTING) {
    // docs/product.md §C9: the slot list and the booking check read these; only whole numbers in range.
    let parsed: unknown;
    try {
      parsed = value.length <= 500 ? JSON.parse(value) : null;
    } catch {
      throw invalidValue(BOOKING_RULE_ERRORS.json);
    }
    const problem = bookingRulesProblem(parsed);
    if (problem) throw invalidValue(problem.title);
    return;
  }
  if (name === COMPANY_TIMEZONE_SETTING) {
    // An IANA zone name (docs/product.md §F1); offsets like '+02:00' change meaning at DST and are refused.
    if (value.length > 64 || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value) || !isValidTimezone(value))
      throw invalidValue(BOOKING_RULE_ERRORS.timezone);
    return;
  }
  if (name === PHONE_PREFIX_BLACKLIST_SETTING) {
    // Digits separated by commas, spaces or new lines ('' clears the list); a leading + is allowed.
    if (value.length > 2000 || !/^[\d\s,;+]*$/.test(value))
      throw new AppError('unprocessable', {
        title: 'Phone prefixes are digits separated by commas',
        pointer: attr('value'),
      });
    return;
  }
  if (name !== DEFAULT_ACCOUNT_MANAGER_SETTING || value === SETTING_UNSET_VALUE) return;
  const invalid = new AppError('unprocessable', {
    title: 'Choose an active account manager',
    pointer: attr('value'),
  });
  const id = parseId(value);
  if (id === null) throw invalid;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'accountManager'), eq(users.isActive, true)));
  if (!user) throw invalid;
}
