import { FILE_NAME_DISPLAY_LIMIT, FILE_NAME_SHORT_PREFIX, LINK_TEXT_DISPLAY_LIMIT } from './limits.ts';

/** File names over 25 characters: first 20, then '... .' and the extension (docs/product.md §C5). */
export function shortenFileName(name: string): string {
  if (name.length <= FILE_NAME_DISPLAY_LIMIT) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  const head = name.slice(0, FILE_NAME_SHORT_PREFIX);
  // A name without an extension has nothing to show after the dot, so it ends at the ellipsis.
  return extension ? `${head}... .${extension}` : `${head}...`;
}

/** Link text over 25 characters: the first 25, then '...' (docs/product.md §C5). */
export function shortenLink(text: string): string {
  return text.length > LINK_TEXT_DISPLAY_LIMIT ? `${text.slice(0, LINK_TEXT_DISPLAY_LIMIT)}...` : text;
}

export type DateFormatOptions = { timezone?: string };

/**
 * An ISO 8601 date-time as the API writes it, with its own offset when it has one. Read without a date
 * library: these helpers render the first screen (update times on the project page), where luxon would
 * cost its chunk before the first paint (docs/adr/0029). Luxon's fromISO with `setZone` read the same.
 */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

type Instant = { ms: number; offsetMinutes: number | null };

function toInstant(date: Date | string): Instant | null {
  if (typeof date !== 'string') {
    const ms = date.getTime();
    return Number.isNaN(ms) ? null : { ms, offsetMinutes: null };
  }
  const m = ISO.exec(date);
  if (!m) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const millis = Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const zone = m[8];
  if (zone === undefined) {
    // No offset: a wall time in the runtime's zone, as luxon reads it.
    const local = new Date(year, month - 1, day, hour, minute, second, millis);
    return local.getDate() === day ? { ms: local.getTime(), offsetMinutes: null } : null;
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  if (new Date(utc).getUTCDate() !== day) return null;
  const digits = zone === 'Z' ? '' : zone.replace(':', '');
  const offsetMinutes = digits
    ? (digits.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0))
    : 0;
  return { ms: utc - offsetMinutes * 60_000, offsetMinutes };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(key, made);
  }
  return made;
}

/** 'Nov 22, 2026 6:30 AM' in the viewer's timezone (the runtime's zone when none is given). */
export function formatDateTime(date: Date | string, options: DateFormatOptions = {}): string {
  const instant = toInstant(date);
  if (!instant) return '';
  let parts: Intl.DateTimeFormatPart[];
  try {
    // Without a viewer zone, a string keeps its own offset (luxon's setZone): its wall time, read in UTC.
    parts =
      !options.timezone && instant.offsetMinutes !== null
        ? formatter('UTC').formatToParts(instant.ms + instant.offsetMinutes * 60_000)
        : formatter(options.timezone).formatToParts(instant.ms);
  } catch {
    return ''; // an unknown timezone
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Relative-date text (docs/product.md §C9, §A9): under a minute 'a few seconds ago', under an hour minutes,
 * under a day hours, else the full date. A date slightly in the future (clock skew) reads as just now.
 */
export function relativeDate(date: Date | string, now: Date, options: DateFormatOptions = {}): string {
  const instant = toInstant(date);
  if (!instant) return '';
  const elapsedMs = now.getTime() - instant.ms;
  if (elapsedMs < 60_000 && elapsedMs > -60_000) return 'a few seconds ago';
  if (elapsedMs > 0 && elapsedMs < 3_600_000) return plural(Math.floor(elapsedMs / 60_000), 'minute');
  if (elapsedMs > 0 && elapsedMs < 86_400_000) return plural(Math.floor(elapsedMs / 3_600_000), 'hour');
  return formatDateTime(date, options);
}

/** Up to two capital letters for an avatar placeholder: first and last word ('Ann Marie Lee' → 'AL'). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .map((word) => (word ? (Array.from(word)[0] ?? '') : ''))
    .join('')
    .toLocaleUpperCase('en-US');
}
