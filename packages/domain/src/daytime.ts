import { DateTime } from 'luxon';

/** The part of a person's own day a call may reasonably fall in: 07:00 to 22:00 their time. */
export const DAYTIME = { from: 7, to: 22 } as const;

/** True when an instant is before 07:00 or from 22:00 on in the zone (a slot to mark as early or late). */
export function isOutsideDaytime(instant: string | Date, zone: string): boolean {
  const at =
    typeof instant === 'string'
      ? DateTime.fromISO(instant, { zone })
      : DateTime.fromJSDate(instant, { zone });
  if (!at.isValid) return false;
  return at.hour < DAYTIME.from || at.hour >= DAYTIME.to;
}
