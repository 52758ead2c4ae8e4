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
