import { describe, expect, it } from 'vitest';
import { isOutsideDaytime } from './daytime.ts';

describe('isOutsideDaytime', () => {
  it('marks slots before 07:00 and from 22:00 in the viewer’s own zone, DST included', () => {
    // 15:00Z on 2 March 2027 is 16:00 in Berlin (daytime) and 07:00 in Los Angeles (daytime).
    expect(isOutsideDaytime('2027-03-02T15:00:00Z', 'Europe/Berlin')).toBe(false);
    expect(isOutsideDaytime('2027-03-02T15:00:00Z', 'America/Los_Angeles')).toBe(false);
    expect(isOutsideDaytime('2027-03-02T14:30:00Z', 'America/Los_Angeles')).toBe(true);
    expect(isOutsideDaytime('2027-03-02T21:00:00Z', 'Europe/Berlin')).toBe(true);
    // After the US change (14 March 2027), 14:30Z is 07:30 in Los Angeles.
    expect(isOutsideDaytime('2027-03-15T14:30:00Z', 'America/Los_Angeles')).toBe(false);
    expect(isOutsideDaytime('not a date', 'Europe/Berlin')).toBe(false);
  });
});
