import {
  BOOKING_RULES_SETTING,
  type BookingRules,
  COMPANY_TIMEZONE_SETTING,
  isValidTimezone,
  parseBookingRules,
  parseCompanyTimezone,
} from '@dd/domain';
import { inArray } from 'drizzle-orm';
import { settings } from '../../db/schema/index.ts';
import type { DbOrTx } from '../board/tx.ts';

/** The admin's booking rules and the company timezone (docs/product.md §C9, §F1), as the slot rules read them. */
export type BookingSettings = { companyTimezone: string; rules: BookingRules };

/** Both settings from their stored values; defaults for a missing or broken one. */
export function bookingSettingsOf(values: Record<string, string | null | undefined>): BookingSettings {
  return {
    companyTimezone: parseCompanyTimezone(values[COMPANY_TIMEZONE_SETTING], isValidTimezone),
    rules: parseBookingRules(values[BOOKING_RULES_SETTING]),
  };
}

export async function loadBookingSettings(db: DbOrTx): Promise<BookingSettings> {
  const rows = await db
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(inArray(settings.name, [BOOKING_RULES_SETTING, COMPANY_TIMEZONE_SETTING]));
  return bookingSettingsOf(Object.fromEntries(rows.map((r) => [r.name, r.value])));
}

/** The slot rules' options for these settings: one place turns the settings into the domain's terms. */
export function slotRulesOf(s: BookingSettings) {
  return {
    companyTimezone: s.companyTimezone,
    minLeadHours: s.rules.minNoticeHours,
    maxDaysAhead: s.rules.maxDaysAhead,
    bufferMinutes: s.rules.bufferMinutes,
  };
}
