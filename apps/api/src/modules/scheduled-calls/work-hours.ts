import type { WorkDay } from '@dd/domain';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workHours } from '../../db/schema/index.ts';

/**
 * The company's weekly hours as stored (weekday + 'HH:mm' periods in the company timezone), grouped by
 * weekday. They are data, seeded with 07:00-23:30 Monday to Friday, so an admin can change them later.
 */
export async function loadWorkHours(db: Db): Promise<WorkDay[]> {
  const rows = await db
    .select({ weekday: workHours.weekday, start: workHours.start, end: workHours.end })
    .from(workHours)
    .orderBy(asc(workHours.weekday), asc(workHours.start));
  const days: WorkDay[] = [];
  for (const row of rows) {
    if (row.weekday < 1 || row.weekday > 7) continue;
    const last = days.at(-1);
    if (last?.weekday === row.weekday) last.periods.push({ start: row.start, end: row.end });
    else
      days.push({
        weekday: row.weekday as WorkDay['weekday'],
        periods: [{ start: row.start, end: row.end }],
      });
  }
  return days;
}
