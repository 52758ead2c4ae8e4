import type { WorkDay } from '@dd/domain';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const LONG_DATE = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } as const;
const SHORT_TIME = { hour: 'numeric', minute: '2-digit' } as const;
const CLOCK_TIME = { hour: 'numeric', minute: '2-digit', second: '2-digit' } as const;

// Making an Intl.DateTimeFormat with a time zone costs about a millisecond, formatting with one almost
// nothing: the modal renders these on every answer and the clock every second, so each is made once.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, kind: 'date' | 'time' | 'clock'): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let made = formats.get(key);
  if (!made) {
    const options = kind === 'date' ? LONG_DATE : kind === 'time' ? SHORT_TIME : CLOCK_TIME;
    made = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formats.set(key, made);
  }
  return made;
}

/** 'Tuesday, November 24, 2026' for an instant, in a timezone. */
export function longDate(iso: string, timeZone: string): string {
  return format(timeZone, 'date').format(new Date(iso));
}

/** 'Tuesday, November 24, 2026 at 10:00 AM' for an instant, in a timezone. */
export function longDateTime(iso: string, timeZone: string): string {
  return `${longDate(iso, timeZone)} at ${shortTime(iso, timeZone)}`;
}

/** '2:00 PM' for an instant, in a timezone. */
export function shortTime(iso: string, timeZone: string): string {
  return format(timeZone, 'time').format(new Date(iso));
}

/** The ticking clock: '10:35:12 AM'. */
export function clockTime(now: Date, timeZone: string): string {
  return format(timeZone, 'clock').format(now);
}

/** 'Mon 10:00–24:00' lines for the work hours as the caller sees them. */
export function workHoursLines(days: readonly WorkDay[]): string[] {
  return days.map(
    (day) => `${WEEKDAYS[day.weekday - 1]} ${day.periods.map((p) => `${p.start}–${p.end}`).join(', ')}`,
  );
}
