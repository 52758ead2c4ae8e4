import type { CallStatus } from '@dd/domain';

/** 'Tue, Nov 24, 2026, 9:00 AM' in a zone. */
export function callTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

export const STATUS_LABELS: Record<CallStatus, string> = {
  booked: 'Booked',
  pending_approval: 'Waiting for approval',
  cancelled: 'Cancelled',
};

export const STATUS_COLORS: Record<CallStatus, string> = {
  booked: 'green',
  pending_approval: 'yellow',
  cancelled: 'gray',
};

/** A viewer-local 'YYYY-MM-DD' day's first (or, with end, last) instant as ISO UTC. */
export function dayBound(date: string, zone: string, end = false): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Find the UTC instant of local midnight by correcting a first guess with the zone's offset there.
  const guess = Date.UTC(y, m - 1, d + (end ? 1 : 0));
  const offsetAt = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return (
      Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms
    );
  };
  let instant = guess - offsetAt(guess);
  instant = guess - offsetAt(instant);
  return new Date(end ? instant - 1000 : instant).toISOString();
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/** 'Tue, Dec 8' for a wall date 'YYYY-MM-DD' of the viewer's zone (a date has one weekday everywhere). */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return DAY_LABEL.format(new Date(Date.UTC(y, m - 1, d)));
}

/** The viewer-zone wall date 'YYYY-MM-DD' of an instant. */
export function wallDate(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/**
 * The day a move dialog opens on (docs/product.md §F1): the call's own day in the viewer's zone, else the
 * first free day after it, else the first free day. Never simply today: a move is usually a small shift.
 */
export function firstMoveDay(
  days: readonly { date: string }[],
  scheduled: string,
  zone: string,
): string | undefined {
  const own = wallDate(scheduled, zone);
  return (days.find((d) => d.date >= own) ?? days[0])?.date;
}
