import { describe, expect, it } from 'vitest';
import { bookingRulesProblem, DEFAULT_BOOKING_RULES, parseBookingRules } from './booking-rules.ts';
import { WORK_HOURS } from './limits.ts';
import { bookingRefusal, callRefusalTitle, computeAvailableSlots } from './slots.ts';

const now = new Date('2026-11-23T15:00:00Z'); // Monday 07:00 in Los Angeles
const booked = [new Date('2026-11-24T18:00:00Z')]; // Tuesday 10:00 PST

describe('booking rules (docs/product.md §C9)', () => {
  it('default to the rules the product had', () => {
    expect(DEFAULT_BOOKING_RULES).toEqual({ minNoticeHours: 2, maxDaysAhead: 28, bufferMinutes: 15 });
    expect(parseBookingRules(null)).toEqual(DEFAULT_BOOKING_RULES);
    expect(parseBookingRules('{broken')).toEqual(DEFAULT_BOOKING_RULES);
    expect(parseBookingRules('{"minNoticeHours":1,"maxDaysAhead":7,"bufferMinutes":0}')).toEqual({
      minNoticeHours: 1,
      maxDaysAhead: 7,
      bufferMinutes: 0,
    });
  });

  it('name the first field out of range', () => {
    expect(bookingRulesProblem({ ...DEFAULT_BOOKING_RULES, maxDaysAhead: 400 })?.field).toBe('maxDaysAhead');
    expect(bookingRulesProblem(DEFAULT_BOOKING_RULES)).toBeNull();
  });

  it('keep the buffer around a live call in the list and in the check alike', () => {
    const rules = { now, workHours: WORK_HOURS, booked, bufferMinutes: 15 };
    const starts = computeAvailableSlots({ ...rules, timezone: 'UTC' }).flatMap((d) =>
      d.slots.map((s) => s.start),
    );
    for (const [start, free] of [
      ['2026-11-24T17:00:00Z', true],
      ['2026-11-24T17:30:00Z', false],
      ['2026-11-24T18:30:00Z', false],
      ['2026-11-24T19:00:00Z', true],
    ] as const) {
      expect(starts.includes(start), start).toBe(free);
      expect(bookingRefusal(new Date(start), rules), start).toBe(free ? null : 'too-close');
    }
    expect(bookingRefusal(booked[0]!, rules)).toBe('booked');
  });

  it('count days ahead from the rules and say them in the refusal', () => {
    const rules = { now, workHours: WORK_HOURS, maxDaysAhead: 2 };
    expect(bookingRefusal(new Date('2026-11-25T15:00:00Z'), rules)).toBeNull();
    expect(bookingRefusal(new Date('2026-11-25T15:30:00Z'), rules)).toBe('too-far');
    expect(callRefusalTitle('too-far', { minNoticeHours: 2, maxDaysAhead: 2 })).toBe(
      'Calls can be booked at most 2 days ahead. Please, choose an earlier time',
    );
    expect(callRefusalTitle('too-soon', { minNoticeHours: 1, maxDaysAhead: 2 })).toBe(
      'Calls can be booked from 1 hour ahead. Please, choose a later time',
    );
  });
});
