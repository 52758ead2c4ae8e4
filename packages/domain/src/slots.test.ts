import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { WorkDay } from './limits.ts';
import { WORK_HOURS } from './limits.ts';
import {
  type AvailableDay,
  bookingRefusal,
  CALL_REFUSALS,
  computeAvailableSlots,
  isBookableSlot,
  isOutsideWorkHours,
  isPhonePrefixBlacklisted,
  parsePhonePrefixes,
  parseScheduled,
  WORK_HOURS_ERRORS,
  weeklyWorkHoursIn,
} from './slots.ts';
import { scheduledCallCreateSchema, workHoursUpdateSchema } from './validation/calls.ts';

const LA = 'America/Los_Angeles';
const EVERY_DAY: WorkDay[] = ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
  weekday,
  periods: [{ start: '07:00', end: '23:30' }],
}));

const day = (days: AvailableDay[], date: string) => days.find((d) => d.date === date);
const times = (d: AvailableDay | undefined) => d?.slots.map((s) => s.readableTime) ?? [];
/** The first slot after the overnight break, i.e. where the company's work day begins in the viewer's date. */
const dayStart = (d: AvailableDay | undefined) =>
  d?.slots.find((slot, i) => {
    const previous = d.slots[i - 1];
    return previous !== undefined && Date.parse(slot.start) - Date.parse(previous.start) > 30 * 60_000;
  })?.readableTime;

describe('computeAvailableSlots: basics (Mon 23 Nov 2026, 07:00 in Los Angeles)', () => {
  const now = new Date('2026-11-23T15:00:00Z'); // 07:00 PST
  const slots = computeAvailableSlots({ now, timezone: LA, workHours: WORK_HOURS });

  it('starts two hours after now and ends with the slot that finishes at 23:30', () => {
    const monday = day(slots, '2026-11-23');
    expect(monday?.slots[0]).toEqual({
      scheduled: '2026-11-23 09:00:00',
      readableTime: '9:00 AM',
      start: '2026-11-23T17:00:00Z',
    });
    expect(times(monday).at(-1)).toBe('11:00 PM');
    expect(monday?.slots).toHaveLength(29); // 09:00 .. 23:00
  });

  it('gives a full day 07:00-23:00 on later work days and omits the weekend', () => {
    expect(day(slots, '2026-11-24')?.slots).toHaveLength(33);
    expect(times(day(slots, '2026-11-24'))[0]).toBe('7:00 AM');
    expect(day(slots, '2026-11-28')).toBeUndefined();
    expect(day(slots, '2026-11-29')).toBeUndefined();
  });

  it('lists days in order', () => {
    const dates = slots.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe('2026-11-23');
  });
});

describe('computeAvailableSlots: the +2 h edge', () => {
  it('rounds up to the next slot of the grid', () => {
    const slots = computeAvailableSlots({
      now: new Date('2026-11-23T15:01:00Z'),
      timezone: LA,
      workHours: WORK_HOURS,
    });
    expect(times(slots[0])[0]).toBe('9:30 AM');
  });

  it('keeps a slot exactly two hours away', () => {
    const slots = computeAvailableSlots({
      now: new Date('2026-11-23T15:30:00Z'),
      timezone: LA,
      workHours: WORK_HOURS,
    });
    expect(times(slots[0])[0]).toBe('9:30 AM');
  });

  it('moves to the next work day after 21:00', () => {
    const slots = computeAvailableSlots({
      now: new Date('2026-11-24T05:01:00Z'),
      timezone: LA,
      workHours: WORK_HOURS,
    });
    expect(slots[0]?.date).toBe('2026-11-24');
    expect(times(slots[0])[0]).toBe('7:00 AM');
    const at2100 = computeAvailableSlots({
      now: new Date('2026-11-24T05:00:00Z'),
      timezone: LA,
      workHours: WORK_HOURS,
    });
    expect(at2100[0]?.slots[0]?.scheduled).toBe('2026-11-23 23:00:00');
  });
});

describe('computeAvailableSlots: the 4-week edge', () => {
  const now = new Date('2026-11-23T15:00:00Z'); // Mon 07:00 PST; +4 weeks = Mon 21 Dec 07:00 PST
  const slots = computeAvailableSlots({ now, timezone: LA, workHours: EVERY_DAY });

  it('includes the slot exactly four weeks ahead and nothing after it', () => {
    const last = slots.at(-1);
    expect(last?.date).toBe('2026-12-21');
    expect(last?.slots).toEqual([
      { scheduled: '2026-12-21 07:00:00', readableTime: '7:00 AM', start: '2026-12-21T15:00:00Z' },
    ]);
  });

  it('covers every day in between', () => {
    expect(slots).toHaveLength(29);
  });
});

describe('computeAvailableSlots: booked slots', () => {
  it('removes booked instants whatever offset they are written with', () => {
    const slots = computeAvailableSlots({
      now: new Date('2026-11-23T15:00:00Z'),
      timezone: LA,
      workHours: WORK_HOURS,
      booked: [
        '2026-11-23T17:00:00.000Z',
        '2026-11-23T10:00:00-08:00',
        'not a date',
        new Date('2026-11-23T19:00:00Z'),
      ],
    });
    expect(times(slots[0]).slice(0, 3)).toEqual(['9:30 AM', '10:30 AM', '11:30 AM']);
  });
});

describe('computeAvailableSlots: March DST week (US 8 Mar 2026, UK 29 Mar 2026)', () => {
  const now = new Date('2026-03-06T20:00:00Z'); // Fri 12:00 PST

  it('keeps 07:00 company time on both sides of the US change, for a Los Angeles viewer', () => {
    const slots = computeAvailableSlots({ now, timezone: LA, workHours: EVERY_DAY });
    expect(day(slots, '2026-03-07')?.slots[0]?.start).toBe('2026-03-07T15:00:00Z'); // PST
    expect(day(slots, '2026-03-08')?.slots[0]?.start).toBe('2026-03-08T14:00:00Z'); // PDT
    expect(times(day(slots, '2026-03-08'))[0]).toBe('7:00 AM');
    expect(day(slots, '2026-03-08')?.slots).toHaveLength(33);
  });

  it('shifts the London view by an hour between the two changes', () => {
    const slots = computeAvailableSlots({ now, timezone: 'Europe/London', workHours: EVERY_DAY });
    // London dates open with the previous LA evening (until 07:00), then LA's 07:00 start.
    expect(times(day(slots, '2026-03-07'))[0]).toBe('12:00 AM');
    expect(dayStart(day(slots, '2026-03-07'))).toBe('3:00 PM'); // PST vs GMT: 8 h
    expect(dayStart(day(slots, '2026-03-09'))).toBe('2:00 PM'); // PDT vs GMT: 7 h
    expect(dayStart(day(slots, '2026-03-30'))).toBe('3:00 PM'); // PDT vs BST: 8 h
  });

  it('skips the missing London hour on 29 March', () => {
    const slots = computeAvailableSlots({ now, timezone: 'Europe/London', workHours: EVERY_DAY });
    const sunday = day(slots, '2026-03-29');
    // Saturday's LA evening crosses the UK change at 01:00 GMT.
    expect(times(sunday).slice(0, 3)).toEqual(['12:00 AM', '12:30 AM', '2:00 AM']);
    expect(sunday?.slots[2]?.start).toBe('2026-03-29T01:00:00Z');
  });

  it('splits an LA day across two Kolkata dates at the half hour', () => {
    const slots = computeAvailableSlots({ now, timezone: 'Asia/Kolkata', workHours: EVERY_DAY });
    const sat = day(slots, '2026-03-07');
    // now + 2 h = Friday 14:00 PST = 03:30 IST Saturday; Saturday LA 07:00 PST = 20:30 IST.
    expect(sat?.slots[0]?.scheduled).toBe('2026-03-07 03:30:00');
    expect(dayStart(sat)).toBe('8:30 PM');
    expect(times(sat)).not.toContain('7:30 PM');
    // After the US change LA 07:00 PDT = 19:30 IST.
    expect(dayStart(day(slots, '2026-03-09'))).toBe('7:30 PM');
  });

  it('yields only existing times for a period across the spring-forward gap', () => {
    const night: WorkDay[] = [{ weekday: 7, periods: [{ start: '00:00', end: '04:00' }] }];
    const slots = computeAvailableSlots({
      now: new Date('2026-03-01T00:00:00Z'),
      timezone: LA,
      workHours: night,
    });
    expect(times(day(slots, '2026-03-08'))).toEqual([
      '12:00 AM',
      '12:30 AM',
      '1:00 AM',
      '1:30 AM',
      '3:00 AM',
      '3:30 AM',
    ]);
  });
});

describe('computeAvailableSlots: November DST week (UK 25 Oct 2026, US 1 Nov 2026)', () => {
  const now = new Date('2026-10-30T19:00:00Z'); // Fri 12:00 PDT

  it('keeps 07:00 company time on both sides of the US change', () => {
    const slots = computeAvailableSlots({ now, timezone: LA, workHours: EVERY_DAY });
    expect(day(slots, '2026-10-31')?.slots[0]?.start).toBe('2026-10-31T14:00:00Z');
    expect(day(slots, '2026-11-02')?.slots[0]?.start).toBe('2026-11-02T15:00:00Z');
  });

  it('shows London the one-hour shift', () => {
    const slots = computeAvailableSlots({ now, timezone: 'Europe/London', workHours: EVERY_DAY });
    expect(dayStart(day(slots, '2026-10-31'))).toBe('2:00 PM'); // PDT vs GMT: 7 h
    expect(dayStart(day(slots, '2026-11-02'))).toBe('3:00 PM'); // PST vs GMT: 8 h
  });

  it('shows Kolkata the shift at the half hour', () => {
    const slots = computeAvailableSlots({ now, timezone: 'Asia/Kolkata', workHours: EVERY_DAY });
    expect(dayStart(day(slots, '2026-10-31'))).toBe('7:30 PM');
    expect(dayStart(day(slots, '2026-11-02'))).toBe('8:30 PM');
  });

  it('yields both repeated hours for a period across the fall-back change', () => {
    const night: WorkDay[] = [{ weekday: 7, periods: [{ start: '00:00', end: '04:00' }] }];
    const slots = computeAvailableSlots({
      now: new Date('2026-10-25T00:00:00Z'),
      timezone: LA,
      workHours: night,
    });
    const sunday = day(slots, '2026-11-01');
    expect(sunday?.slots).toHaveLength(10);
    expect(sunday?.slots.slice(2, 6).map((s) => s.start)).toEqual([
      '2026-11-01T08:00:00Z',
      '2026-11-01T08:30:00Z',
      '2026-11-01T09:00:00Z',
      '2026-11-01T09:30:00Z',
    ]);
    expect(times(sunday).slice(2, 6)).toEqual(['1:00 AM', '1:30 AM', '1:00 AM', '1:30 AM']);
  });
});

describe('computeAvailableSlots: input errors', () => {
  it('refuses unknown timezones', () => {
    expect(() =>
      computeAvailableSlots({ now: new Date(), timezone: 'Mars/Base', workHours: WORK_HOURS }),
    ).toThrow(RangeError);
  });
});

describe('parseScheduled', () => {
  it('reads wall clock in the given zone', () => {
    expect(parseScheduled('2026-11-23 09:00:00', LA)?.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(parseScheduled('2026-11-23 09:00:00', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-23T03:30:00.000Z',
    );
  });

  it('rejects malformed values, unknown zones and times skipped by DST', () => {
    expect(parseScheduled('2026-11-23T09:00:00', LA)).toBeNull();
    expect(parseScheduled('2026-02-30 09:00:00', LA)).toBeNull();
    expect(parseScheduled('2026-11-23 09:00:00', 'Nowhere/City')).toBeNull();
    expect(parseScheduled('2026-03-08 02:30:00', LA)).toBeNull();
  });

  it('round-trips every listed slot', () => {
    const tz = 'Europe/London';
    const slots = computeAvailableSlots({
      now: new Date('2026-03-26T12:00:00Z'),
      timezone: tz,
      workHours: EVERY_DAY,
    });
    for (const { slots: daySlots } of slots.slice(0, 5)) {
      for (const slot of daySlots) {
        expect(parseScheduled(slot.scheduled, tz)?.toISOString().replace('.000', '')).toBe(slot.start);
      }
    }
  });
});

describe('isBookableSlot', () => {
  const rules = { now: new Date('2026-11-23T15:00:00Z'), workHours: WORK_HOURS };

  it('accepts a listed slot', () => {
    expect(isBookableSlot(new Date('2026-11-23T17:00:00Z'), rules)).toBe(true);
    expect(isBookableSlot(new Date('2026-11-25T07:00:00Z'), rules)).toBe(true); // Tue 23:00 PST
  });

  it('refuses off-grid, too soon, too far, booked, out-of-hours and weekend instants', () => {
    expect(isBookableSlot(new Date('2026-11-23T17:15:00Z'), rules)).toBe(false);
    expect(isBookableSlot(new Date('2026-11-23T16:30:00Z'), rules)).toBe(false);
    expect(isBookableSlot(new Date('2026-12-22T17:00:00Z'), rules)).toBe(false);
    expect(
      isBookableSlot(new Date('2026-11-23T17:00:00Z'), { ...rules, booked: ['2026-11-23T17:00:00Z'] }),
    ).toBe(false);
    expect(isBookableSlot(new Date('2026-11-25T07:30:00Z'), rules)).toBe(false); // 23:30 PST ends the day
    expect(isBookableSlot(new Date('2026-11-28T17:00:00Z'), rules)).toBe(false); // Saturday
  });

  it('agrees with the list for every instant of a week', () => {
    const listed = new Set(
      computeAvailableSlots({ ...rules, timezone: 'Asia/Kolkata' }).flatMap((d) =>
        d.slots.map((s) => s.start),
      ),
    );
    for (
      let t = Date.parse('2026-11-23T00:00:00Z');
      t < Date.parse('2026-11-30T00:00:00Z');
      t += 15 * 60_000
    ) {
      const iso = new Date(t).toISOString().replace('.000', '');
      expect(isBookableSlot(new Date(t), rules)).toBe(listed.has(iso));
    }
  });
});

describe('weeklyWorkHoursIn', () => {
  it('returns company hours unchanged in the company zone', () => {
    expect(weeklyWorkHoursIn(LA, WORK_HOURS, new Date('2026-11-23T12:00:00Z'))).toEqual(WORK_HOURS);
  });

  it('splits periods that cross midnight in Kolkata', () => {
    const week = weeklyWorkHoursIn('Asia/Kolkata', WORK_HOURS, new Date('2026-11-23T12:00:00Z'));
    expect(week).toEqual([
      { weekday: 1, periods: [{ start: '20:30', end: '24:00' }] },
      ...([2, 3, 4, 5] as const).map((weekday) => ({
        weekday,
        periods: [
          { start: '00:00', end: '13:00' },
          { start: '20:30', end: '24:00' },
        ],
      })),
      { weekday: 6, periods: [{ start: '00:00', end: '13:00' }] },
    ]);
  });

  it('follows the offset of the reference week', () => {
    const summer = weeklyWorkHoursIn('Europe/London', WORK_HOURS, new Date('2026-07-06T12:00:00Z'));
    expect(summer[0]).toEqual({ weekday: 1, periods: [{ start: '15:00', end: '24:00' }] });
    // Between the US and UK March changes, LA is only 7 h behind London.
    const gap = weeklyWorkHoursIn('Europe/London', WORK_HOURS, new Date('2026-03-10T12:00:00Z'));
    expect(gap[0]).toEqual({ weekday: 1, periods: [{ start: '14:00', end: '24:00' }] });
    expect(gap[1]?.periods[0]).toEqual({ start: '00:00', end: '06:30' });
  });

  it('merges a period that touches the next one after conversion', () => {
    const hours: WorkDay[] = [
      { weekday: 1, periods: [{ start: '20:00', end: '24:00' }] },
      { weekday: 2, periods: [{ start: '00:00', end: '02:00' }] },
    ];
    expect(weeklyWorkHoursIn(LA, hours, new Date('2026-11-23T12:00:00Z'))).toEqual([
      { weekday: 1, periods: [{ start: '20:00', end: '24:00' }] },
      { weekday: 2, periods: [{ start: '00:00', end: '02:00' }] },
    ]);
    expect(weeklyWorkHoursIn('America/Denver', hours, new Date('2026-11-23T12:00:00Z'))).toEqual([
      { weekday: 1, periods: [{ start: '21:00', end: '24:00' }] },
      { weekday: 2, periods: [{ start: '00:00', end: '03:00' }] },
    ]);
  });
});

describe('bookingRefusal', () => {
  const rules = { now: new Date('2026-11-23T15:00:00Z'), workHours: WORK_HOURS };
  const at = (iso: string) => bookingRefusal(new Date(iso), rules);

  it('names why a time cannot be booked, in the order a person fixes it', () => {
    expect(at('2026-11-20T17:00:00Z')).toBe('past');
    expect(at('2026-11-23T15:00:00Z')).toBe('past'); // exactly now
    expect(at('2026-11-23T16:30:00Z')).toBe('too-soon');
    expect(at('2026-12-21T15:30:00Z')).toBe('too-far');
    expect(at('2026-11-28T17:00:00Z')).toBe('outside-work-hours'); // Saturday
    expect(at('2026-11-24T17:10:00Z')).toBe('outside-work-hours'); // off the grid
    expect(
      bookingRefusal(new Date('2026-11-24T17:00:00Z'), { ...rules, booked: ['2026-11-24T17:00:00Z'] }),
    ).toBe('booked');
  });

  it('accepts the edges: exactly now + 2 h and exactly four weeks ahead', () => {
    expect(at('2026-11-23T17:00:00Z')).toBeNull();
    expect(at('2026-12-21T15:00:00Z')).toBeNull();
  });
});

describe('scheduledCallCreateSchema', () => {
  it('takes project_id, a wall-clock scheduled and an optional known timezone', () => {
    expect(
      scheduledCallCreateSchema.parse({
        project_id: '7',
        scheduled: ' 2026-11-24 10:00:00 ',
        timezone: 'Asia/Kolkata',
      }),
    ).toEqual({ project_id: 7, scheduled: '2026-11-24 10:00:00', timezone: 'Asia/Kolkata' });
    expect(
      scheduledCallCreateSchema.parse({ project_id: 7, scheduled: '2026-11-24 10:00:00' }).timezone,
    ).toBeUndefined();
  });

  it('refuses other formats and unknown zones with clear messages', () => {
    const issue = (input: unknown) => scheduledCallCreateSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ project_id: 7, scheduled: '2026-11-24T10:00' })).toBe(CALL_REFUSALS.invalidScheduled);
    expect(issue({ project_id: 7, scheduled: '2026-11-24 10:00:00', timezone: 'Moon/Base' })).toBe(
      CALL_REFUSALS.invalidTimezone,
    );
    expect(
      scheduledCallCreateSchema.safeParse({ project_id: 0, scheduled: '2026-11-24 10:00:00' }).success,
    ).toBe(false);
  });
});

describe('blacklisted phone prefixes', () => {
  it('reads the setting as a list of digit prefixes', () => {
    expect(parsePhonePrefixes(' +234, 92;\n00 7 ,,')).toEqual(['234', '92', '00', '7']);
    expect(parsePhonePrefixes('')).toEqual([]);
    expect(parsePhonePrefixes(null)).toEqual([]);
  });

  it('matches the phone digits, ignoring +, 00 and separators', () => {
    const prefixes = parsePhonePrefixes('234, 92');
    expect(isPhonePrefixBlacklisted('2348012345678', prefixes)).toBe(true);
    expect(isPhonePrefixBlacklisted('+234 801 234 5678', prefixes)).toBe(true);
    expect(isPhonePrefixBlacklisted('00923001234567', prefixes)).toBe(true);
    expect(isPhonePrefixBlacklisted('4423401234', prefixes)).toBe(false);
    expect(isPhonePrefixBlacklisted('', prefixes)).toBe(false);
    expect(isPhonePrefixBlacklisted(null, prefixes)).toBe(false);
    expect(isPhonePrefixBlacklisted('2348012345678', [])).toBe(false);
  });
});

describe('computeAvailableSlots: wall clock equals the zone library', () => {
  it('formats slots as luxon would across DST changes and half- and quarter-hour offsets', () => {
    const weeks: Array<[string, string]> = [
      ['Europe/London', '2026-03-26T12:00:00Z'], // UK spring forward, 29 March
      ['Australia/Adelaide', '2026-04-02T12:00:00Z'], // +10:30 to +09:30, 5 April
      ['America/St_Johns', '2026-03-05T12:00:00Z'], // -03:30 to -02:30, 8 March
      ['Asia/Kathmandu', '2026-10-29T12:00:00Z'], // +05:45 while LA falls back, 1 November
    ];
    for (const [zone, now] of weeks) {
      const days = computeAvailableSlots({
        now: new Date(now),
        timezone: zone,
        workHours: EVERY_DAY,
        maxWeeks: 1,
      });
      expect(days.length).toBeGreaterThan(6);
      for (const d of days) {
        for (const slot of d.slots) {
          const local = DateTime.fromISO(slot.start, { zone, locale: 'en-US' });
          expect([d.date, slot.scheduled, slot.readableTime]).toEqual([
            local.toFormat('yyyy-MM-dd'),
            local.toFormat('yyyy-MM-dd HH:mm:ss'),
            local.toFormat('h:mm a'),
          ]);
        }
      }
    }
  });
});

describe('days off and calls outside work hours (docs/product.md §F1)', () => {
  const now = new Date('2026-11-23T15:00:00Z'); // Monday 07:00 in Los Angeles
  const week = WORK_HOURS;
  it('a day off has no slots, the other days keep theirs', () => {
    const days = computeAvailableSlots({
      now,
      timezone: 'America/Los_Angeles',
      workHours: week,
      daysOff: ['2026-11-25'],
    });
    expect(days.map((d) => d.date)).not.toContain('2026-11-25');
    expect(days.map((d) => d.date)).toContain('2026-11-24');
    expect(
      bookingRefusal(new Date('2026-11-25T18:00:00Z'), { now, workHours: week, daysOff: ['2026-11-25'] }),
    ).toBe('outside-work-hours');
  });
  it('flags a start off the grid of the current hours or on a day off', () => {
    expect(isOutsideWorkHours(new Date('2026-11-24T18:00:00Z'), week)).toBe(false);
    expect(isOutsideWorkHours(new Date('2026-11-24T18:00:00Z'), week, { daysOff: ['2026-11-24'] })).toBe(
      true,
    );
    expect(isOutsideWorkHours(new Date('2026-11-29T18:00:00Z'), week)).toBe(true); // Sunday
    expect(isOutsideWorkHours(new Date('2026-11-24T18:15:00Z'), week)).toBe(true);
  });
  it('validates the editor: order, 30-minute steps, overlaps, dates', () => {
    const ok = workHoursUpdateSchema.safeParse({
      days: [
        {
          weekday: 1,
          periods: [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '24:00' },
          ],
        },
      ],
      days_off: ['2026-12-24'],
    });
    expect(ok.success).toBe(true);
    const bad = (days: unknown, days_off: unknown = []) =>
      workHoursUpdateSchema.safeParse({ days, days_off }).error?.issues[0]?.message;
    expect(bad([{ weekday: 1, periods: [{ start: '12:00', end: '12:00' }] }])).toBe(WORK_HOURS_ERRORS.order);
    expect(bad([{ weekday: 1, periods: [{ start: '12:10', end: '13:00' }] }])).toBe(WORK_HOURS_ERRORS.time);
    expect(bad([], ['2026-13-01'])).toBe(WORK_HOURS_ERRORS.dayOff);
  });
});
