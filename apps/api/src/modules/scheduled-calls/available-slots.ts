import {
  type AvailableDay,
  CALL_MAX_WEEKS,
  CALL_MIN_LEAD_HOURS,
  computeAvailableSlots,
  type WorkDay,
  weeklyWorkHoursIn,
} from '@dd/domain';
import { and, gte, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledCalls } from '../../db/schema/index.ts';
import { loadDaysOff, loadWorkHours } from './work-hours.ts';

/** Start instants of every live (not cancelled) call between two instants: the slots no one may take. */
export async function bookedStartsBetween(db: Db, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ scheduledAt: scheduledCalls.scheduledAt })
    .from(scheduledCalls)
    .where(
      and(
        ne(scheduledCalls.status, 'cancelled'),
        gte(scheduledCalls.scheduledAt, from),
        lte(scheduledCalls.scheduledAt, to),
      ),
    );
  return rows.map((r) => r.scheduledAt);
}

/** GET /scheduled-call/available-slots: free slots from now + 2 h to now + 4 weeks, in the caller's zone. */
export async function availableSlots(db: Db, timezone: string, now: Date): Promise<AvailableDay[]> {
  const from = new Date(now.getTime() + CALL_MIN_LEAD_HOURS * 3_600_000);
  const to = new Date(now.getTime() + CALL_MAX_WEEKS * 7 * 86_400_000);
  const [workHours, daysOff, booked] = await Promise.all([
    loadWorkHours(db),
    loadDaysOff(db),
    bookedStartsBetween(db, from, to),
  ]);
  return computeAvailableSlots({ now, timezone, workHours, daysOff, booked });
}

/** GET /work-hours/weekly: the company's hours of the current week as wall clock in the caller's zone. */
export async function weeklyWorkHours(db: Db, timezone: string, now: Date): Promise<WorkDay[]> {
  return weeklyWorkHoursIn(timezone, await loadWorkHours(db), now);
}
