import { IANAZone } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { isValidTimezone } from './timezone.ts';

describe('isValidTimezone', () => {
  it('answers as luxon does', () => {
    for (const zone of [
      'UTC',
      'Pacific/Chatham',
      'America/New_York',
      'Mars/Olympus_Mons',
      '',
      'utc',
      '+02:00',
    ])
      expect(isValidTimezone(zone), zone).toBe(IANAZone.isValidZone(zone));
  });

  it('builds an Intl.DateTimeFormat once per zone name', () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as unknown as typeof Real);
    try {
      for (let i = 0; i < 1000; i++) {
        expect(isValidTimezone('Asia/Kathmandu')).toBe(true);
        expect(isValidTimezone('Mars/Arabia_Terra')).toBe(false);
      }
      expect(made.mock.calls.filter(([, options]) => options?.timeZone === 'Asia/Kathmandu')).toHaveLength(1);
      expect(made.mock.calls.filter(([, options]) => options?.timeZone === 'Mars/Arabia_Terra')).toHaveLength(
        1,
      );
    } finally {
      made.mockRestore();
    }
  });
});
