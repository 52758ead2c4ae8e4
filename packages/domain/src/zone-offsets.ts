import { IANAZone } from 'luxon';

/**
 * A zone's UTC offset at an instant without asking ICU for every instant. luxon's `IANAZone.offset`
 * runs `Intl.DateTimeFormat#formatToParts` on each call (~2-5 µs and garbage); a four-week slot list
 * asked it for every slot and every wall-clock conversion, a fifth of the available-slots request.
 *
 * Offsets are a step function that changes a few times a year. For each UTC day this asks luxon at the
 * day's first and last millisecond; when both agree the offset holds all day (no zone changes twice in
 * one day and back), otherwise the change is found by bisection to the millisecond (luxon's own
 * answer is constant within a second, so this is exact). Days are remembered per zone for the life of
 * the process: the time-zone database does not change while it runs.
 */

const DAY_MS = 86_400_000;

type DayOffsets = number | { before: number; after: number; changeAt: number };

/** At most this many days remembered per zone, and zones overall (arbitrary input stays bounded). */
const MAX_DAYS_PER_ZONE = 10_000;
const MAX_ZONES = 1_000;

export type OffsetAt = (ms: number) => number;

const byZone = new Map<string, OffsetAt>();

function dayOffsets(zone: IANAZone, day: number): DayOffsets {
  const first = day * DAY_MS;
  const last = first + DAY_MS - 1;
  const before = zone.offset(first);
  const after = zone.offset(last);
  if (before === after) return before;
  // Smallest instant in (first, last] whose offset is no longer `before`.
  let lo = first;
  let hi = last;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (zone.offset(mid) === before) lo = mid;
    else hi = mid;
  }
  return { before, after, changeAt: hi };
}

/** The offset function of a zone luxon knows (check it first: an unknown zone answers NaN). */
export function offsetsOf(zoneName: string): OffsetAt {
  const known = byZone.get(zoneName);
  if (known) return known;
  const zone = IANAZone.create(zoneName);
  const days = new Map<number, DayOffsets>();
  const offsetAt: OffsetAt = (ms) => {
    const day = Math.floor(ms / DAY_MS);
    let entry = days.get(day);
    if (entry === undefined) {
      if (days.size >= MAX_DAYS_PER_ZONE) days.clear();
      entry = dayOffsets(zone, day);
      days.set(day, entry);
    }
    if (typeof entry === 'number') return entry;
    return ms < entry.changeAt ? entry.before : entry.after;
  };
  if (byZone.size >= MAX_ZONES) byZone.clear();
  byZone.set(zoneName, offsetAt);
  return offsetAt;
}

/**
 * The instant of a wall-clock time (`localMs`: the wall clock read as if it were UTC) in a zone, given a
 * guessed offset: exactly luxon's `fixOffset`, so a time skipped by a spring-forward change moves on by
 * the gap and a repeated time of a fall-back change takes the offset guessed, as `DateTime#set` and
 * `#plus` do. Returns the instant and its offset.
 */
export function wallClockToInstant(localMs: number, guess: number, offsetAt: OffsetAt): [number, number] {
  let utcGuess = localMs - guess * 60_000;
  const o2 = offsetAt(utcGuess);
  if (o2 === guess) return [utcGuess, guess];
  utcGuess -= (o2 - guess) * 60_000;
  const o3 = offsetAt(utcGuess);
  if (o2 === o3) return [utcGuess, o2];
  return [localMs - Math.min(o2, o3) * 60_000, Math.max(o2, o3)];
}
