import { DateTime } from 'luxon';
import {
  CALL_MAX_WEEKS,
  CALL_MIN_LEAD_HOURS,
  COMPANY_TIMEZONE,
  SLOT_MINUTES,
  type WorkDay,
} from './limits.ts';
import { isValidTimezone } from './timezone.ts';
import { type OffsetAt, offsetsOf, wallClockToInstant } from './zone-offsets.ts';

/**
 * Discovery-call slots (docs/product.md §C9, §D6). Work hours are wall-clock in the company timezone; the
 * caller sees slots as wall-clock in their own timezone. All arithmetic is on instants, so a work
 * period that crosses a DST change yields exactly the slots that exist that day.
 */

export type AvailableSlot = {
  /** Wall clock in the viewer's timezone, 'YYYY-MM-DD HH:mm:ss': what scheduled-call/create takes back. */
  scheduled: string;
  /** Viewer wall clock, e.g. '9:30 AM'. */
  readableTime: string;
  /** The instant, ISO-8601 in UTC. */
  start: string;
};
export type AvailableDay = { date: string; slots: AvailableSlot[] };

export type SlotRules = {
  now: Date;
  workHours: readonly WorkDay[];
  companyTimezone?: string;
  booked?: Iterable<string | Date>;
  /** Company-zone dates ('YYYY-MM-DD') with no slots at all, whatever the weekday's hours. */
  daysOff?: Iterable<string>;
  slotMinutes?: number;
  minLeadHours?: number;
  maxWeeks?: number;
  /** Overrides maxWeeks: the booking rules' days ahead (docs/product.md §C9). */
  maxDaysAhead?: number;
  /** Minutes kept free between a live call and another one (0 when absent). */
  bufferMinutes?: number;
};

export type SlotQuery = SlotRules & { timezone: string };

export const SCHEDULED_FORMAT = 'yyyy-MM-dd HH:mm:ss';

function assertZone(zone: string): void {
  if (!isValidTimezone(zone)) throw new RangeError(`Unknown timezone: ${zone}`);
}

const HH_MM = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** 'HH:mm' into minutes since midnight; '24:00' is allowed as an end of day. */
function minutesOf(hhmm: string): number {
  const match = HH_MM.exec(hhmm);
  if (!match) throw new RangeError(`Invalid time of day: ${hhmm}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 24 * 60) throw new RangeError(`Invalid time of day: ${hhmm}`);
  return minutes;
}

const DAY_MS = 86_400_000;

/**
 * A company day: the instant its wall clock starts (luxon's `startOf('day')`, i.e. midnight, or the first
 * time that exists when a change skips midnight) and the zone's offset then. Days are walked with the
 * zone's cached offsets (`zone-offsets.ts`) and luxon's own rules for wall clock to instant, so each
 * instant equals what `DateTime#set` / `#plus` gave, without a luxon DateTime (and an ICU call) per step.
 */
type CompanyDay = { ts: number; offset: number };

/** `startOf('day')` of the instant `ms` held at `offset`: its wall date's midnight, by luxon's rules. */
function startOfDay(ms: number, offset: number, offsetAt: OffsetAt): CompanyDay {
  const localMidnight = Math.floor((ms + offset * 60_000) / DAY_MS) * DAY_MS;
  const [ts, dayOffset] = wallClockToInstant(localMidnight, offset, offsetAt);
  return { ts, offset: dayOffset };
}

/** The company day that contains an instant. */
function companyDayOf(ms: number, offsetAt: OffsetAt): CompanyDay {
  return startOfDay(ms, offsetAt(ms), offsetAt);
}

/** The next company day: `day.plus({ days: 1 }).startOf('day')`. */
function nextCompanyDay(day: CompanyDay, offsetAt: OffsetAt): CompanyDay {
  const [ts, offset] = wallClockToInstant(day.ts + day.offset * 60_000 + DAY_MS, day.offset, offsetAt);
  return startOfDay(ts, offset, offsetAt);
}

/**
 * An instant for a wall-clock time on a company day. Minutes are set on the day's date as wall clock
 * (hour/minute set), so '07:00' is 07:00 local even on a DST-change day; '24:00' is the next day's start.
 */
function atWallClock(day: CompanyDay, minutes: number, offsetAt: OffsetAt): number {
  if (minutes === 24 * 60) return nextCompanyDay(day, offsetAt).ts;
  const localMidnight = Math.floor((day.ts + day.offset * 60_000) / DAY_MS) * DAY_MS;
  return wallClockToInstant(localMidnight + minutes * 60_000, day.offset, offsetAt)[0];
}

/** Slot start instants (epoch ms) of one company day, in order, on the grid of each work period. */
function daySlotStarts(
  day: CompanyDay,
  offsetAt: OffsetAt,
  workHours: readonly WorkDay[],
  slotMs: number,
  daysOff: ReadonlySet<string>,
): number[] {
  const starts: number[] = [];
  const wall = new Date(day.ts + day.offset * 60_000);
  if (daysOff.size > 0 && daysOff.has(isoDateOf(wall))) return starts;
  const weekday = wall.getUTCDay() || 7;
  let periods = 0;
  for (const workDay of workHours) {
    if (workDay.weekday !== weekday) continue;
    for (const period of workDay.periods) {
      periods++;
      const from = atWallClock(day, minutesOf(period.start), offsetAt);
      const to = atWallClock(day, minutesOf(period.end), offsetAt);
      // Step on instants: a 23:30 end means the last 30-minute slot starts at 23:00.
      for (let t = from; t + slotMs <= to; t += slotMs) starts.push(t);
    }
  }
  return periods > 1 ? [...new Set(starts)].sort((a, b) => a - b) : starts;
}

/** Whether an instant is a slot start of its company day (on the grid of a work period, not a day off). */
function isOnGrid(t: number, r: Pick<Resolved, 'companyTimezone' | 'workHours' | 'slotMs' | 'daysOff'>) {
  const offsetAt = offsetsOf(r.companyTimezone);
  return daySlotStarts(companyDayOf(t, offsetAt), offsetAt, r.workHours, r.slotMs, r.daysOff).includes(t);
}

function bookedMillis(booked: Iterable<string | Date> | undefined): Set<number> {
  const set = new Set<number>();
  for (const value of booked ?? []) {
    const ms =
      value instanceof Date ? value.getTime() : DateTime.fromISO(value, { setZone: true }).toMillis();
    if (Number.isFinite(ms)) set.add(ms);
  }
  return set;
}

type Resolved = {
  earliest: number;
  latest: number;
  companyTimezone: string;
  slotMs: number;
  booked: Set<number>;
  /** Live calls' starts, ascending, for the buffer check. */
  bookedSorted: number[];
  /** A slot starting less than this before or after a live call's start would touch it. */
  keepClearMs: number;
  workHours: readonly WorkDay[];
  daysOff: ReadonlySet<string>;
};

function resolve(rules: SlotRules): Resolved {
  const companyTimezone = rules.companyTimezone ?? COMPANY_TIMEZONE;
  assertZone(companyTimezone);
  const now = rules.now.getTime();
  const slotMs = (rules.slotMinutes ?? SLOT_MINUTES) * 60_000;
  const booked = bookedMillis(rules.booked);
  return {
    earliest: now + (rules.minLeadHours ?? CALL_MIN_LEAD_HOURS) * 3_600_000,
    latest: now + (rules.maxDaysAhead ?? (rules.maxWeeks ?? CALL_MAX_WEEKS) * 7) * 86_400_000,
    companyTimezone,
    slotMs,
    booked,
    bookedSorted: [...booked].sort((a, b) => a - b),
    keepClearMs: slotMs + (rules.bufferMinutes ?? 0) * 60_000,
    workHours: rules.workHours,
    daysOff: new Set(rules.daysOff ?? []),
  };
}

/** Free slot instants (epoch ms) between now + lead and now + max weeks, in order. */
/**
 * Whether a slot starting at t lies within the buffer of a live call (docs/product.md §C9): its 30 minutes
 * and the call's, with the buffer between them, would overlap. A booked start itself counts too.
 */
function withinBuffer(t: number, r: Resolved): boolean {
  const list = r.bookedSorted;
  if (list.length === 0) return false;
  // The first live call starting after t - keepClear; it is near when it also starts before t + keepClear.
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! <= t - r.keepClearMs) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo]! < t + r.keepClearMs;
}

function freeSlotStarts(r: Resolved): number[] {
  const result: number[] = [];
  const offsetAt = offsetsOf(r.companyTimezone);
  let day = companyDayOf(r.earliest, offsetAt);
  const lastDay = companyDayOf(r.latest, offsetAt).ts;
  while (day.ts <= lastDay) {
    for (const t of daySlotStarts(day, offsetAt, r.workHours, r.slotMs, r.daysOff)) {
      if (t >= r.earliest && t <= r.latest && !r.booked.has(t) && !withinBuffer(t, r)) result.push(t);
    }
    day = nextCompanyDay(day, offsetAt);
  }
  return result;
}

/** '00'..'59': two-digit fields without a padStart per field. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

/** 'YYYY-MM-DD' of a date's UTC fields (a wall clock shifted into a UTC date). */
function isoDateOf(wall: Date): string {
  const year = wall.getUTCFullYear();
  const yyyy = year >= 1000 && year <= 9999 ? String(year) : String(year).padStart(4, '0');
  return `${yyyy}-${TWO_DIGITS[wall.getUTCMonth() + 1]}-${TWO_DIGITS[wall.getUTCDate()]}`;
}

/** Per minute of a day: 'HH:mm:00', 'h:mm AM' (the slot strings of whole-minute wall clocks). */
const CLOCK_OF_MINUTE = Array.from({ length: 1440 }, (_, m) => {
  const hours = Math.floor(m / 60);
  const minutes = TWO_DIGITS[m % 60];
  return {
    hhmmss: `${TWO_DIGITS[hours]}:${minutes}:00`,
    readable: `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`,
  };
});

/**
 * Slot strings from an instant. The wall clock is the instant shifted by the zone's offset at that
 * instant (remembered per day, `zone-offsets.ts`) and read as a UTC date: the same result as formatting
 * in the zone, without a zoned luxon DateTime per slot. The date strings are made once per day (viewer
 * and UTC) and the times come from a table, so a slot costs a few additions and three concatenations.
 */
class SlotFormatter {
  private wallDay = Number.NaN;
  private wallDate = '';
  private utcDay = Number.NaN;
  private utcDate = '';

  constructor(private readonly offsetAt: OffsetAt) {}

  /** The viewer's date of the last slot formatted. */
  get date(): string {
    return this.wallDate;
  }

  format(ms: number): AvailableSlot {
    const wallMs = ms + this.offsetAt(ms) * 60_000;
    const wallDay = Math.floor(wallMs / DAY_MS);
    if (wallDay !== this.wallDay) {
      this.wallDay = wallDay;
      this.wallDate = isoDateOf(new Date(wallDay * DAY_MS));
    }
    const utcDay = Math.floor(ms / DAY_MS);
    if (utcDay !== this.utcDay) {
      this.utcDay = utcDay;
      this.utcDate = isoDateOf(new Date(utcDay * DAY_MS));
    }
    const wallOfDay = wallMs - wallDay * DAY_MS;
    const utcOfDay = ms - utcDay * DAY_MS;
    if (wallOfDay % 60_000 !== 0 || utcOfDay % 60_000 !== 0) return this.formatAnyInstant(ms, wallMs);
    const clock = CLOCK_OF_MINUTE[wallOfDay / 60_000]!;
    return {
      scheduled: `${this.wallDate} ${clock.hhmmss}`,
      readableTime: clock.readable,
      start: `${this.utcDate}T${CLOCK_OF_MINUTE[utcOfDay / 60_000]!.hhmmss}Z`,
    };
  }

  /** A wall clock or an instant off the whole minute (a zone offset in seconds, long ago): field by field. */
  private formatAnyInstant(ms: number, wallMs: number): AvailableSlot {
    const wall = new Date(wallMs);
    const hours = wall.getUTCHours();
    const minutes = TWO_DIGITS[wall.getUTCMinutes()];
    const iso = new Date(ms).toISOString();
    return {
      scheduled: `${this.wallDate} ${TWO_DIGITS[hours]}:${minutes}:${TWO_DIGITS[wall.getUTCSeconds()]}`,
      readableTime: `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`,
      start: ms % 1000 === 0 ? `${iso.slice(0, -5)}Z` : iso,
    };
  }
}

/**
 * GET /scheduled-call/available-slots: free slots grouped by the viewer's date, days without a slot
 * omitted. Throws RangeError for an unknown timezone.
 */
export function computeAvailableSlots(query: SlotQuery): AvailableDay[] {
  assertZone(query.timezone);
  const formatter = new SlotFormatter(offsetsOf(query.timezone));
  const days: AvailableDay[] = [];
  let last: AvailableDay | undefined;
  for (const ms of freeSlotStarts(resolve(query))) {
    const slot = formatter.format(ms);
    if (last?.date === formatter.date) last.slots.push(slot);
    else {
      last = { date: formatter.date, slots: [slot] };
      days.push(last);
    }
  }
  return days;
}

/**
 * Reads a 'YYYY-MM-DD HH:mm:ss' wall-clock value in `timezone`. Returns null for malformed input, an
 * unknown zone, or a time that does not exist there (skipped by a DST change). In the repeated hour
 * of a fall-back change the earlier instant is taken; available slots never need the other one
 * because the slot's `start` instant is the unambiguous value.
 */
export function parseScheduled(scheduled: string, timezone: string): Date | null {
  if (!isValidTimezone(timezone)) return null;
  const value = scheduled.trim();
  const parsed = DateTime.fromFormat(value, SCHEDULED_FORMAT, { zone: timezone });
  if (!parsed.isValid || parsed.toFormat(SCHEDULED_FORMAT) !== value) return null;
  return parsed.toJSDate();
}

/**
 * Server-side check for POST /scheduled-call/create, by the same rules as the list: on the slot grid of
 * a work period, not before now + lead, not after now + max weeks, not booked. (The database constraint
 * still guards against two simultaneous bookings; this does not replace it.)
 */
export function isBookableSlot(instant: Date, rules: SlotRules): boolean {
  return bookingRefusal(instant, rules) === null;
}

/** Why a booking time is refused, or null when it is a bookable slot. */
export type BookingRefusal = 'past' | 'too-soon' | 'too-far' | 'outside-work-hours' | 'booked' | 'too-close';

/** The server's error titles for refused booking times (docs/product.md quote none; these say what to do). */
export const CALL_REFUSALS: Record<Exclude<BookingRefusal, 'booked' | 'too-close'>, string> & {
  invalidScheduled: string;
  invalidTimezone: string;
} = {
  past: 'This time is in the past. Please, choose another time',
  'too-soon': `Calls can be booked from ${CALL_MIN_LEAD_HOURS} hours ahead. Please, choose a later time`,
  'too-far': `Calls can be booked at most ${CALL_MAX_WEEKS} weeks ahead. Please, choose an earlier time`,
  'outside-work-hours': 'This time is outside our work hours. Please, choose one of the offered times',
  invalidScheduled:
    "Scheduled time must be a date and time 'YYYY-MM-DD HH:mm:ss' that exists in your timezone",
  invalidTimezone: 'Unknown timezone',
};

/**
 * A refusal's title under the admin's booking rules: the notice and the days ahead in force, in words
 * (docs/product.md §C9). The rest are fixed.
 */
export function callRefusalTitle(
  refusal: Exclude<BookingRefusal, 'booked' | 'too-close'>,
  rules: { minNoticeHours: number; maxDaysAhead: number },
): string {
  if (refusal === 'too-soon')
    return `Calls can be booked from ${rules.minNoticeHours} hour${rules.minNoticeHours === 1 ? '' : 's'} ahead. Please, choose a later time`;
  if (refusal === 'too-far')
    return `Calls can be booked at most ${rules.maxDaysAhead} day${rules.maxDaysAhead === 1 ? '' : 's'} ahead. Please, choose an earlier time`;
  return CALL_REFUSALS[refusal];
}

/**
 * The reason `isBookableSlot` would say no, in the order a person fixes it: past, too soon, too far,
 * off the work-hour grid, already booked, within the buffer of another live call.
 */
export function bookingRefusal(instant: Date, rules: SlotRules): BookingRefusal | null {
  const r = resolve(rules);
  const t = instant.getTime();
  if (!Number.isFinite(t) || t <= rules.now.getTime()) return 'past';
  if (t < r.earliest) return 'too-soon';
  if (t > r.latest) return 'too-far';
  if (!isOnGrid(t, r)) return 'outside-work-hours';
  if (r.booked.has(t)) return 'booked';
  if (withinBuffer(t, r)) return 'too-close';
  return null;
}

/**
 * The setting that holds blacklisted phone prefixes (docs/product.md §C3, §C9): digits, separated by commas,
 * spaces or new lines, e.g. '234, 92'. A caller whose phone starts with one of them books a call that
 * waits for staff approval.
 */
export const PHONE_PREFIX_BLACKLIST_SETTING = 'blacklistedPhonePrefixes';

/** The prefixes of the setting's value, digits only, empty entries dropped. */
export function parsePhonePrefixes(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[\s,;]+/)
    .map((p) => p.replace(/\D/g, ''))
    .filter((p) => p.length > 0);
}

/** True when the phone's digits (a leading + or 00 and separators ignored) start with a prefix. */
export function isPhonePrefixBlacklisted(phone: string | null | undefined, prefixes: readonly string[]) {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^00/, '');
  return digits.length > 0 && prefixes.some((prefix) => digits.startsWith(prefix));
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * GET /work-hours/weekly?timezone=Z: the company's weekly hours as wall-clock in Z for the week that
 * contains `refDate` (offsets differ from week to week around DST changes). A period that crosses
 * midnight in Z is split, ending at '24:00' and resuming at '00:00' the next weekday.
 */
export function weeklyWorkHoursIn(
  timezone: string,
  workHours: readonly WorkDay[],
  refDate: Date,
  companyTimezone: string = COMPANY_TIMEZONE,
): WorkDay[] {
  assertZone(timezone);
  assertZone(companyTimezone);
  const byWeekday = new Map<number, Array<[number, number]>>();
  const add = (weekday: number, from: number, to: number) => {
    if (to > from) byWeekday.set(weekday, [...(byWeekday.get(weekday) ?? []), [from, to]]);
  };
  const companyOffsets = offsetsOf(companyTimezone);
  const monday = DateTime.fromJSDate(refDate, { zone: companyTimezone }).startOf('week');
  for (let offset = 0; offset < 7; offset++) {
    const day = monday.plus({ days: offset }).startOf('day');
    for (const workDay of workHours) {
      if (workDay.weekday !== day.weekday) continue;
      for (const period of workDay.periods) {
        const companyDay = { ts: day.toMillis(), offset: day.offset };
        const from = DateTime.fromMillis(atWallClock(companyDay, minutesOf(period.start), companyOffsets), {
          zone: timezone,
        });
        const to = DateTime.fromMillis(atWallClock(companyDay, minutesOf(period.end), companyOffsets), {
          zone: timezone,
        });
        let cursor = from;
        // Walk through each local day the period touches.
        while (cursor < to) {
          const nextMidnight = cursor.plus({ days: 1 }).startOf('day');
          const end = DateTime.min(to, nextMidnight);
          const startMin = cursor.hour * 60 + cursor.minute;
          const endMin = end.equals(nextMidnight) ? 24 * 60 : end.hour * 60 + end.minute;
          add(cursor.weekday, startMin, endMin);
          cursor = end;
        }
      }
    }
  }
  const result: WorkDay[] = [];
  for (const weekday of [1, 2, 3, 4, 5, 6, 7] as const) {
    const ranges = (byWeekday.get(weekday) ?? []).sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const range of ranges) {
      const last = merged.at(-1);
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
      else merged.push([range[0], range[1]]);
    }
    if (merged.length > 0) {
      result.push({ weekday, periods: merged.map(([a, b]) => ({ start: hhmm(a), end: hhmm(b) })) });
    }
  }
  return result;
}

/**
 * Whether a booked call's start lies off today's work-hour grid or on a day off (docs/product.md §F1): a call
 * booked before the hours changed stays booked, and the Calls screen flags it 'outside work hours'.
 */
export function isOutsideWorkHours(
  instant: Date,
  workHours: readonly WorkDay[],
  options: { daysOff?: Iterable<string>; companyTimezone?: string; slotMinutes?: number } = {},
): boolean {
  const companyTimezone = options.companyTimezone ?? COMPANY_TIMEZONE;
  assertZone(companyTimezone);
  const slotMs = (options.slotMinutes ?? SLOT_MINUTES) * 60_000;
  return !isOnGrid(instant.getTime(), {
    companyTimezone,
    workHours,
    slotMs,
    daysOff: new Set(options.daysOff ?? []),
  });
}

/** The error titles of the work-hours editor (docs/product.md quote none; these say what to fix). */
export const WORK_HOURS_ERRORS = {
  time: 'Times must be on a 30-minute step, from 00:00 to 24:00',
  order: 'A period must start before it ends',
  overlap: 'Periods of one day must not overlap',
  weekday: 'Each weekday may appear once',
  dayOff: "A day off must be a date 'YYYY-MM-DD'",
  dayOffDuplicate: 'Each day off may appear once',
} as const;

/** The states of a call (docs/product.md §C8, §F1). */
export const CALL_STATUSES = ['booked', 'pending_approval', 'cancelled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
