/**
 * A moment as the hover title of a relative or short time shows it: the date and time in the reader's own
 * zone (the browser's), naming that zone (docs/product.md §F5).
 */
const EXACT_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export const exactTime = (iso: string): string => EXACT_TIME.format(new Date(iso));
