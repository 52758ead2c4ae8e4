import { DateTime } from 'luxon';
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

function toDateTime(date: Date | string, timezone: string | undefined): DateTime {
  const value =
    typeof date === 'string' ? DateTime.fromISO(date, { setZone: true }) : DateTime.fromJSDate(date);
  return (timezone ? value.setZone(timezone) : value).setLocale('en-US');
}

/** 'Nov 22, 2026 6:30 AM' in the viewer's timezone (the runtime's zone when none is given). */
export function formatDateTime(date: Date | string, options: DateFormatOptions = {}): string {
  const value = toDateTime(date, options.timezone);
  return value.isValid ? value.toFormat('MMM d, yyyy h:mm a') : '';
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Relative-date text (docs/product.md §C9, §A9): under a minute 'a few seconds ago', under an hour minutes,
 * under a day hours, else the full date. A date slightly in the future (clock skew) reads as just now.
 */
export function relativeDate(date: Date | string, now: Date, options: DateFormatOptions = {}): string {
  const value = toDateTime(date, options.timezone);
  if (!value.isValid) return '';
  const elapsedMs = now.getTime() - value.toMillis();
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
