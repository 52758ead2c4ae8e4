/**
 * Whether a timezone name is one the runtime knows, without luxon: the project page checks the caller's
 * stored zone on its first screen, where luxon's chunk would come before the first paint (docs/adr/0029).
 */
function isKnownZone(zone: string): boolean {
  // What luxon's IANAZone.isValidZone does.
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
    return true;
  } catch {
    return false;
  }
}

// A zone check (luxon's IANAZone.isValidZone, or the one below) builds a new Intl.DateTimeFormat on every call: ICU memory outside the JS
// heap (~13 KB each, released only when the GC finalizes it, which that memory does not prompt) and ~50 µs
// of the thread. The jobs' minute tick checks the zone of every client: with 96,000 clients (the bench's
// data set) that was 1.2 GB resident and 5 s of the event loop, every minute. Zone names are few: each
// answer is remembered (bounded, in case of arbitrary input).
const zoneValidity = new Map<string, boolean>();
const MAX_REMEMBERED_ZONES = 1_000;

export function isValidTimezone(zone: string): boolean {
  const known = zoneValidity.get(zone);
  if (known !== undefined) return known;
  const valid = isKnownZone(zone);
  if (zoneValidity.size >= MAX_REMEMBERED_ZONES) zoneValidity.clear();
  zoneValidity.set(zone, valid);
  return valid;
}
