import type { WorkDay, WorkHoursUpdate } from '@dd/domain';
import { BOOKING_RULES_SETTING, COMPANY_TIMEZONE_SETTING } from '@dd/domain';
import { asc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { daysOff, settings, workHours } from '../../db/schema/index.ts';
import type { DbOrTx } from '../board/tx.ts';
import { type BookingSettings, bookingSettingsOf } from './booking-settings.ts';

/**
 * The company's weekly hours as stored (weekday + 'HH:mm' periods in the company timezone), grouped by
 * weekday. They are data, seeded with 07:00-23:30 Monday to Friday, so an admin can change them later.
 */
export async function loadWorkHours(db: DbOrTx): Promise<WorkDay[]> {
  const rows = await db
    .select({ weekday: workHours.weekday, start: workHours.start, end: workHours.end })
    .from(workHours)
    .orderBy(asc(workHours.weekday), asc(workHours.start));
  return groupWorkHours(rows);
}

/** Rows of work_hours in (weekday, start) order, grouped by weekday; weekdays outside 1..7 ignored. */
function groupWorkHours(rows: Iterable<{ weekday: number; start: string; end: string }>): WorkDay[] {
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

/**
 * The work hours and the days off (as `loadWorkHours` and `loadDaysOff` answer them) and the caller's
 * `extra` columns, in ONE statement: the per-request reads of the slot list and of a booking in one
 * round trip instead of one each (every query is a socket write and a backend's wake-up on the same
 * two cores, ADR 0012). `extra` values are scalar subqueries or expressions; JSON ones arrive parsed.
 */
export async function loadCalendarWith<Extra extends Record<string, SQL>>(
  db: DbOrTx,
  extra: Extra,
): Promise<Calendar<keyof Extra & string>> {
  const result = (await db.execute(calendarSql(extra))) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return calendarOf(result.rows[0]!, Object.keys(extra));
}

type Calendar<K extends string> = {
  workHours: WorkDay[];
  daysOff: string[];
  booking: BookingSettings;
  extra: { [Key in K]: unknown };
};

/** loadCalendarWith's statement. */
function calendarSql(extra: Record<string, SQL>): SQL {
  const columns: Record<string, SQL> = {
    work_hours: sql`(select coalesce(json_agg(json_build_array(w.weekday, w.start, w."end") order by w.weekday, w.start), '[]'::json) from ${workHours} w)`,
    days_off: sql`(select coalesce(json_agg(d.date order by d.date), '[]'::json) from ${daysOff} d)`,
    // The booking rules and the company zone (docs/product.md §C9, §F1) in the same round trip.
    booking: sql`(select coalesce(json_object_agg(s.name, s.value), '{}'::json) from ${settings} s where s.name in (${BOOKING_RULES_SETTING}, ${COMPANY_TIMEZONE_SETTING}))`,
  };
  for (const [name, value] of Object.entries(extra)) columns[`x_${name}`] = value;
  return sql`select ${sql.join(
    Object.entries(columns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  )}`;
}

/** loadCalendarWith's answer from its statement's row. */
function calendarOf<K extends string>(row: Record<string, unknown>, extra: K[]): Calendar<K> {
  const hours = row.work_hours as Array<[number, string, string]>;
  return {
    workHours: groupWorkHours(hours.map(([weekday, start, end]) => ({ weekday, start, end }))),
    daysOff: row.days_off as string[],
    booking: bookingSettingsOf(row.booking as Record<string, string>),
    extra: Object.fromEntries(extra.map((name) => [name, row[`x_${name}`]])) as { [Key in K]: unknown },
  };
}

/**
 * loadCalendarWith as a named statement (db/prepared.ts): `extra` with `sql.placeholder`s for its values,
 * the same text on every call, so a per-request read is not planned again each time (the slot list's
 * read spent 0.24 of its 0.37 ms in PostgreSQL planning: docs/benchmarks.md, "Planning time").
 */
export function calendarStatement<Extra extends Record<string, SQL>>(name: string, extra: Extra) {
  const run = preparedStatement<Record<string, unknown>, Record<string, unknown>>(name, () =>
    calendarSql(extra),
  );
  return async (db: Db, params: Record<string, unknown>): Promise<Calendar<keyof Extra & string>> =>
    calendarOf((await run(db, params))[0]!, Object.keys(extra));
}

/** The company's days off ('YYYY-MM-DD' in the company timezone), in date order. */
export async function loadDaysOff(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ date: daysOff.date }).from(daysOff).orderBy(asc(daysOff.date));
  return rows.map((r) => r.date);
}

/**
 * PATCH /work-hours (docs/product.md §F1): replaces the week's hours and the days off in one transaction, so
 * available slots change with the next request. Booked calls are not touched: one that falls outside the
 * new hours stays booked and the Calls screen flags it.
 */
export async function saveWorkHours(db: Db, update: WorkHoursUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(workHours);
    const rows = update.days.flatMap((d) =>
      d.periods.map((p) => ({ weekday: d.weekday, start: p.start, end: p.end })),
    );
    if (rows.length > 0) await tx.insert(workHours).values(rows);
    await tx.delete(daysOff);
    if (update.days_off.length > 0)
      await tx.insert(daysOff).values([...new Set(update.days_off)].map((date) => ({ date })));
  });
}
