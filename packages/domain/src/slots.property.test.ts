import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { WorkDay } from './limits.ts';
import { WORK_HOURS } from './limits.ts';
import { type AvailableDay, computeAvailableSlots, isOutsideWorkHours, type SlotQuery } from './slots.ts';
import { offsetsOf } from './zone-offsets.ts';

/**
 * The fast slot list (cached zone offsets, no luxon DateTime per slot) against the straightforward
 * computation with a luxon DateTime for every day and every slot, for `now` instants spread over a whole
 * year and packed around every DST change of the zones below, as the viewer's zone, as the company's
 * zone, with and without bookings.
 */

const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe', // 30-minute DST
  'Pacific/Chatham', // +12:45 / +13:45
  'America/St_Johns', // -03:30 / -02:30
  'UTC',
];
/** Company zones beyond the default: Havana skips midnight itself (00:00 -> 01:00) in March. */
const COMPANY_ZONES = ['America/Los_Angeles', 'Australia/Lord_Howe', 'America/Havana', 'Europe/London'];

const EVERY_DAY_AROUND_THE_CLOCK: WorkDay[] = ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
  weekday,
  // Periods in and around the small hours, where changes happen, and one that ends at 24:00.
  periods: [
    { start: '00:00', end: '03:30' },
    { start: '07:00', end: '12:00' },
    { start: '11:30', end: '24:00' },
  ],
}));

// ---- The straightforward computation (luxon for every day and every slot) ---------------------------

function referenceDayStarts(day: DateTime, workHours: readonly WorkDay[], slotMs: number, off: Set<string>) {
  const starts: number[] = [];
  if (off.has(day.toISODate() ?? '')) return starts;
  const at = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    if (h === 24) return day.plus({ days: 1 }).startOf('day').toMillis();
    return day.set({ hour: h, minute: m, second: 0, millisecond: 0 }).toMillis();
  };
  for (const workDay of workHours) {
    if (workDay.weekday !== day.weekday) continue;
    for (const period of workDay.periods) {
      const to = at(period.end);
      for (let t = at(period.start); t + slotMs <= to; t += slotMs) starts.push(t);
    }
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

function referenceSlots(query: SlotQuery & { companyTimezone: string }): AvailableDay[] {
  const now = query.now.getTime();
  const earliest = now + 2 * 3_600_000;
  const latest = now + (query.maxWeeks ?? 4) * 7 * 86_400_000;
  const booked = new Set(
    [...(query.booked ?? [])].map((b) =>
      b instanceof Date ? b.getTime() : DateTime.fromISO(b, { setZone: true }).toMillis(),
    ),
  );
  const off = new Set(query.daysOff ?? []);
  const days: AvailableDay[] = [];
  let day = DateTime.fromMillis(earliest, { zone: query.companyTimezone }).startOf('day');
  const lastDay = DateTime.fromMillis(latest, { zone: query.companyTimezone }).startOf('day');
  while (day <= lastDay) {
    for (const t of referenceDayStarts(day, query.workHours, 30 * 60_000, off)) {
      if (t < earliest || t > latest || booked.has(t)) continue;
      const local = DateTime.fromMillis(t, { zone: query.timezone, locale: 'en-US' });
      const date = local.toFormat('yyyy-MM-dd');
      const slot = {
        scheduled: local.toFormat('yyyy-MM-dd HH:mm:ss'),
        readableTime: local.toFormat('h:mm a'),
        start: DateTime.fromMillis(t, { zone: 'utc' }).toISO({ suppressMilliseconds: true })!,
      };
      const last = days.at(-1);
      if (last?.date === date) last.slots.push(slot);
      else days.push({ date, slots: [slot] });
    }
    day = day.plus({ days: 1 }).startOf('day');
  }
  return days;
}

// ---- The instants ------------------------------------------------------------------------------------

const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_END = Date.UTC(2027, 0, 1);

const changesByZone = new Map<string, number[]>();

/** Every offset change of a zone in 2026, found quarter hour by quarter hour with luxon itself. */
function changesOf(zone: string): number[] {
  const known = changesByZone.get(zone);
  if (known) return known;
  const changes: number[] = [];
  let previous = DateTime.fromMillis(YEAR_START, { zone }).offset;
  for (let t = YEAR_START; t < YEAR_END; t += 15 * 60_000) {
    const offset = DateTime.fromMillis(t, { zone }).offset;
    if (offset !== previous) changes.push(t);
    previous = offset;
  }
  changesByZone.set(zone, changes);
  return changes;
}

/** `now` instants whose window starts (now + 2 h) or ends (now + `weeks`) around each change. */
function nowsAround(change: number, weeks: number): Date[] {
  const nows: Date[] = [];
  for (const edge of [2 * 3_600_000, weeks * 7 * 86_400_000]) {
    for (const delta of [-25, -1, -0.5, 0, 0.5, 1.5, 3]) {
      nows.push(new Date(change - edge + delta * 3_600_000 + 7 * 60_000));
    }
  }
  return nows;
}

const expectSame = (query: SlotQuery & { companyTimezone: string }) => {
  const fast = computeAvailableSlots(query);
  const slow = referenceSlots(query);
  if (JSON.stringify(fast) !== JSON.stringify(slow)) {
    // A readable diff for the first instant that differs.
    expect({ now: query.now.toISOString(), zone: query.timezone, days: fast }).toEqual({
      now: query.now.toISOString(),
      zone: query.timezone,
      days: slow,
    });
  }
  return slow;
};

/** The reference list without the booked starts (what booking them must give), days left empty dropped. */
const without = (days: AvailableDay[], booked: Iterable<string | Date>): AvailableDay[] => {
  const taken = new Set([...booked].map((b) => (b instanceof Date ? b.getTime() : Date.parse(b))));
  return days
    .map((d) => ({ date: d.date, slots: d.slots.filter((s) => !taken.has(Date.parse(s.start))) }))
    .filter((d) => d.slots.length > 0);
};

describe('computeAvailableSlots equals the luxon computation (property, 2026)', () => {
  it('has found the DST changes it means to test', () => {
    expect(changesOf('America/Los_Angeles')).toEqual([
      Date.parse('2026-03-08T10:00:00Z'),
      Date.parse('2026-11-01T09:00:00Z'),
    ]);
    expect(changesOf('Australia/Lord_Howe')).toHaveLength(2);
    expect(changesOf('America/Havana')).toHaveLength(2);
    expect(changesOf('UTC')).toHaveLength(0);
  }, 60_000);

  it('the cached offsets equal luxon at every quarter hour of the year and at each change to the second', () => {
    for (const zone of [...ZONES, 'America/Havana']) {
      const offsetAt = offsetsOf(zone);
      for (let t = YEAR_START + 7_000; t < YEAR_END; t += 15 * 60_000) {
        if (offsetAt(t) !== DateTime.fromMillis(t, { zone }).offset) {
          expect([zone, new Date(t).toISOString(), offsetAt(t)]).toEqual([
            zone,
            new Date(t).toISOString(),
            DateTime.fromMillis(t, { zone }).offset,
          ]);
        }
      }
      for (const change of changesOf(zone)) {
        // Every second of the ten minutes around the change, every minute of the hours around it.
        for (
          let t = change - 3 * 3_600_000;
          t <= change + 3 * 3_600_000;
          t += Math.abs(t - change) < 300_000 ? 1_000 : 60_000
        ) {
          if (offsetAt(t) !== DateTime.fromMillis(t, { zone }).offset) {
            expect([zone, new Date(t).toISOString()]).toEqual([zone, 'the same offset as luxon']);
          }
          if (offsetAt(t - 1) !== DateTime.fromMillis(t - 1, { zone }).offset) {
            expect([zone, new Date(t - 1).toISOString()]).toEqual([zone, 'the same offset as luxon']);
          }
        }
      }
    }
  }, 120_000);

  it('for every viewer zone, now every 61 hours over the year, the company hours, 4 weeks, a third booked', () => {
    let compared = 0;
    for (let t = YEAR_START + 17 * 60_000; t < YEAR_END; t += 61 * 3_600_000) {
      const now = new Date(t);
      const zone = ZONES[compared % ZONES.length]!;
      const base = { now, workHours: WORK_HOURS, companyTimezone: 'America/Los_Angeles', timezone: zone };
      const reference = expectSame(base);
      const all = reference.flatMap((d) => d.slots);
      // A third booked: as Dates, as ISO strings written in Kolkata's offset and in the viewer's.
      const booked = all
        .filter((_, i) => i % 3 === 0)
        .map((s, i) =>
          i % 2 === 0 ? new Date(s.start) : DateTime.fromISO(s.start).setZone('Asia/Kolkata').toISO()!,
        );
      const bookedRight = all
        .filter((_, i) => i % 9 === 1)
        .map((s) => DateTime.fromISO(s.start).setZone(zone).toISO()!);
      const withBookings = { ...base, booked: [...booked, ...bookedRight] };
      expect(computeAvailableSlots(withBookings)).toEqual(without(reference, withBookings.booked));
      if (compared % 10 === 0) expectSame({ ...withBookings, daysOff: ['2026-07-03', '2026-12-24'] });
      compared++;
    }
    expect(compared).toBeGreaterThan(140);
  }, 120_000);

  it('around every DST change of every zone, as the viewer zone (every slot of the day, 1 and 4 weeks)', () => {
    let compared = 0;
    for (const zone of ZONES) {
      const changes = [...changesOf(zone), ...changesOf('America/Los_Angeles')];
      for (const change of changes) {
        for (const weeks of [1, 4]) {
          // The 1-week windows start and end around the change; the 4-week ones end around it.
          const nows = nowsAround(change, weeks).slice(weeks === 4 ? 7 : 0);
          for (const now of nows) {
            const query = {
              now,
              timezone: zone,
              workHours: EVERY_DAY_AROUND_THE_CLOCK,
              companyTimezone: 'America/Los_Angeles',
              maxWeeks: weeks,
            };
            const reference = expectSame(query);
            const booked = reference.flatMap((d) =>
              d.slots.filter((_, i) => i % 3 === 2).map((s) => s.start),
            );
            expect(computeAvailableSlots({ ...query, booked })).toEqual(without(reference, booked));
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  }, 120_000);

  it('around every DST change of other company zones (midnight skipped in Havana, 30 minutes on Lord Howe)', () => {
    for (const companyTimezone of COMPANY_ZONES) {
      for (const change of changesOf(companyTimezone)) {
        for (const now of nowsAround(change, 1)) {
          for (const timezone of ['UTC', 'Pacific/Chatham', companyTimezone]) {
            const query = {
              now,
              timezone,
              workHours: EVERY_DAY_AROUND_THE_CLOCK,
              companyTimezone,
              maxWeeks: 1,
            };
            const slots = expectSame(query).flatMap((d) => d.slots);
            // The booking check reads the same grid: every listed slot is on it, 15 minutes later is not.
            for (const slot of slots.filter((_, i) => i % 7 === 0)) {
              const at = new Date(slot.start);
              expect(isOutsideWorkHours(at, EVERY_DAY_AROUND_THE_CLOCK, { companyTimezone })).toBe(false);
              expect(
                isOutsideWorkHours(new Date(at.getTime() + 15 * 60_000), EVERY_DAY_AROUND_THE_CLOCK, {
                  companyTimezone,
                }),
              ).toBe(true);
            }
          }
        }
      }
    }
  }, 120_000);
});
