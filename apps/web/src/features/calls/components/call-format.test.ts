import { describe, expect, it } from 'vitest';
import { callTime, dayBound } from './call-format.ts';

describe('call-format', () => {
  it('writes the time in the viewer zone', () => {
    expect(callTime('2026-11-24T17:00:00Z', 'America/Los_Angeles')).toBe('Tue, Nov 24, 2026, 9:00 AM');
    expect(callTime('2026-11-24T17:00:00Z', 'Asia/Kolkata')).toBe('Tue, Nov 24, 2026, 10:30 PM');
  });
  it('turns a local day into UTC bounds, across a DST change', () => {
    expect(dayBound('2026-11-24', 'America/Los_Angeles')).toBe('2026-11-24T08:00:00.000Z');
    expect(dayBound('2026-11-24', 'America/Los_Angeles', true)).toBe('2026-11-25T07:59:59.000Z');
    expect(dayBound('2026-03-08', 'America/Los_Angeles', true)).toBe('2026-03-09T06:59:59.000Z');
    expect(dayBound('2026-11-24', 'Asia/Kolkata')).toBe('2026-11-23T18:30:00.000Z');
    expect(dayBound('nope', 'UTC')).toBeNull();
  });
});
