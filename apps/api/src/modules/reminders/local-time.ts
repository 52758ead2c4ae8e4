import { COMPANY_TIMEZONE, isValidTimezone } from '@dd/domain';
import { DateTime } from 'luxon';

/** A user's own timezone, or the company's when they have none (or a stored one luxon does not know). */
export const zoneOf = (timezone: string | null | undefined) =>
  timezone && isValidTimezone(timezone) ? timezone : COMPANY_TIMEZONE;

/**
 * Where `now` falls in `zone`: its local date, ISO weekday, and whether it is within the hour that
 * starts at `hour` local time (the tick runs once a minute; the hour is the window to catch up a tick
 * missed while no process ran, and no later, so nothing arrives in the evening).
 */
export function localMoment(now: Date, zone: string, hour: number) {
  const local = DateTime.fromJSDate(now, { zone });
  return {
    date: local.toISODate()!,
    weekday: local.weekday,
    inHour: local.hour === hour,
    startOfDay: local.startOf('day').toJSDate(),
  };
}
