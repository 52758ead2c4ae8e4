import type { WorkDay } from '@dd/domain';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** 'Tuesday, November 24, 2026' for an instant, in a timezone. */
export function longDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso));
}

/** 'Tuesday, November 24, 2026 at 10:00 AM' for an instant, in a timezone. */
export function longDateTime(iso: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
  return `${longDate(iso, timeZone)} at ${time}`;
}

/** '2:00 PM' for an instant, in a timezone. */
export function shortTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** The ticking clock: '10:35:12 AM'. */
export function clockTime(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(now);
}

/** 'Mon 10:00–24:00' lines for the work hours as the caller sees them. */
export function workHoursLines(days: readonly WorkDay[]): string[] {
  return days.map(
    (day) => `${WEEKDAYS[day.weekday - 1]} ${day.periods.map((p) => `${p.start}–${p.end}`).join(', ')}`,
  );
}
