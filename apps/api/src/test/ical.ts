import ICAL from 'ical.js';

export type ParsedEvent = {
  uid: string;
  start: string;
  end: string;
  sequence: number;
  status: string | null;
  summary: string;
  /** Whether DTSTART was written in UTC ('Z'). */
  utc: boolean;
  /** The ORGANIZER's address, without `mailto:`. */
  organizer: string | null;
  attendees: Array<{ email: string; partstat: string | null; rsvp: string | null }>;
};
export type ParsedCalendar = {
  method: string | null;
  timezone: string | null;
  name: string | null;
  events: ParsedEvent[];
};

/**
 * Parses iCalendar text with ical.js (a real RFC 5545 parser; it throws on malformed input), as a calendar
 * app would, and returns what the tests check.
 */
export function parseIcs(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const str = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    method: str(calendar.getFirstPropertyValue('method')),
    timezone: str(calendar.getFirstPropertyValue('x-wr-timezone')),
    name: str(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        sequence: event.sequence,
        status: str(vevent.getFirstPropertyValue('status')),
        summary: event.summary,
        utc: event.startDate.zone?.tzid === 'UTC',
        organizer: str(vevent.getFirstPropertyValue('organizer'))?.replace(/^mailto:/i, '') ?? null,
        attendees: vevent.getAllProperties('attendee').map((p) => ({
          email: String(p.getFirstValue()).replace(/^mailto:/i, ''),
          partstat: str(p.getParameter('partstat')),
          rsvp: str(p.getParameter('rsvp')),
        })),
      };
    }),
  };
}
