import { type AvailableDay, computeAvailableSlots, type WorkDay, weeklyWorkHoursIn } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledCalls } from '../../db/schema/index.ts';
import { loadBookingSettings, slotRulesOf } from './booking-settings.ts';
import { calendarStatement, loadWorkHours } from './work-hours.ts';

/**
 * One round trip: the hours, the days off, the booking settings and the live calls' starts (epoch ms, as
 * a JSON array: no Date parsed per row): every live (not cancelled) call near the window (a day either
 * side covers the largest buffer), the slots no one may take. The window's bounds go through
 * `(select …)`: a plan made with them costs what the generic plan costs, so PostgreSQL keeps the generic
 * one (docs/adr/0033-hot-statements.md).
 */
const slotCalendar = calendarStatement('available_slots_calendar', {
  booked: sql`(select coalesce(json_agg(floor(extract(epoch from c.scheduled_at) * 1000)::bigint), '[]'::json) from ${scheduledCalls} c where c.status <> 'cancelled' and c.scheduled_at >= (select ${sql.placeholder('from')}::timestamptz) and c.scheduled_at <= (select ${sql.placeholder('to')}::timestamptz))`,
});

/**
 * GET /scheduled-call/available-slots: free slots from now + the minimum notice to now + the days ahead,
 * none within the buffer of a live call (docs/product.md §C9), in the caller's zone.
 */
export async function availableSlots(db: Db, timezone: string, now: Date): Promise<AvailableDay[]> {
  const { workHours, daysOff, booking, extra } = await slotCalendar(db, {
    from: new Date(now.getTime() - 86_400_000).toISOString(),
    to: new Date(now.getTime() + 367 * 86_400_000).toISOString(),
  });
  const booked = (extra.booked as number[]).map((ms) => new Date(ms));
  return computeAvailableSlots({ now, timezone, workHours, daysOff, booked, ...slotRulesOf(booking) });
}

/** GET /work-hours/weekly: the company's hours of the current week as wall clock in the caller's zone. */
export async function weeklyWorkHours(db: Db, timezone: string, now: Date): Promise<WorkDay[]> {
  const [hours, booking] = await Promise.all([loadWorkHours(db), loadBookingSettings(db)]);
  return weeklyWorkHoursIn(timezone, hours, now, booking.companyTimezone);
}
