import {
  type AvailableDay,
  CALL_MAX_WEEKS,
  CALL_MIN_LEAD_HOURS,
  computeAvailableSlots,
  type WorkDay,
  weeklyWorkHoursIn,
} from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledCalls } from '../../db/schema/index.ts';
import { loadCalendarWith, loadWorkHours } from './work-hours.ts';

/** GET /scheduled-call/available-slots: free slots from now + 2 h to now + 4 weeks, in the caller's zone. */
export async function availableSlots(db: Db, timezone: string, now: Date): Promise<AvailableDay[]> {
  const from = new Date(now.getTime() + CALL_MIN_LEAD_HOURS * 3_600_000);
  const to = new Date(now.getTime() + CALL_MAX_WEEKS * 7 * 86_400_000);
  // One round trip: the hours, the days off and the live calls' starts (epoch ms, as a JSON array:
  // no Date parsed per row): every live (not cancelled) call, the slots no one may take.
  const { workHours, daysOff, extra } = await loadCalendarWith(db, {
    booked: sql`(select coalesce(json_agg(floor(extract(epoch from c.scheduled_at) * 1000)::bigint), '[]'::json) from ${scheduledCalls} c where c.status <> 'cancelled' and c.scheduled_at >= ${from.toISOString()}::timestamptz and c.scheduled_at <= ${to.toISOString()}::timestamptz)`,
  });
  const booked = (extra.booked as number[]).map((ms) => new Date(ms));
  return computeAvailableSlots({ now, timezone, workHours, daysOff, booked });
}

/** GET /work-hours/weekly: the company's hours of the current week as wall clock in the caller's zone. */
export async function weeklyWorkHours(db: Db, timezone: string, now: Date): Promise<WorkDay[]> {
  return weeklyWorkHoursIn(timezone, await loadWorkHours(db), now);
}
