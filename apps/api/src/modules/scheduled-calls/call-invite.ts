import { SLOT_MINUTES } from '@dd/domain';
import ICAL from 'ical.js';

export type CallInvite = {
  uid: string;
  start: Date;
  minutes?: number;
  stamp: Date;
  summary: string;
  description: string;
  url: string;
  organizer: { name: string; email: string };
  attendees: Array<{ name: string; email: string }>;
  /**
   * REQUEST adds or updates the event (booking, approval, move); CANCEL removes it; PUBLISH is the
   * organizer's own copy, which asks nobody for an answer (RFC 5546).
   */
  method?: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  /** Raised with every update of the same UID, so calendars apply the newest one (RFC 5545 §3.8.7.4). */
  sequence?: number;
  /** TENTATIVE while a call waits for approval, CANCELLED with METHOD:CANCEL, otherwise CONFIRMED. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
};

// ical.js writes the iCalendar text: escaping (RFC 5545 §3.3.11), parameter quoting and line folding
// (§3.1) are its work, not ours. Its fold counts UTF-8 octets and never splits a character, but puts up
// to foldLength octets after the leading space of a continuation line: 74 keeps every line, the space
// included, within the RFC's 75.
ICAL.foldLength = 74;

const utc = (date: Date) => ICAL.Time.fromJSDate(date, true);

function person(event: ICAL.Component, name: 'organizer' | 'attendee', who: { name: string; email: string }) {
  const property = event.addPropertyWithValue(name, `mailto:${who.email}`);
  property.setParameter('cn', who.name);
  return property;
}

function vevent(invite: CallInvite, rsvp: boolean): ICAL.Component {
  const end = new Date(invite.start.getTime() + (invite.minutes ?? SLOT_MINUTES) * 60_000);
  const method = invite.method ?? 'REQUEST';
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', invite.uid);
  event.addPropertyWithValue('dtstamp', utc(invite.stamp));
  event.addPropertyWithValue('dtstart', utc(invite.start));
  event.addPropertyWithValue('dtend', utc(end));
  event.addPropertyWithValue('summary', invite.summary);
  event.addPropertyWithValue('description', invite.description);
  event.addPropertyWithValue('url', invite.url);
  person(event, 'organizer', invite.organizer);
  const organizer = invite.organizer.email.toLowerCase();
  for (const attendee of invite.attendees) {
    const property = person(event, 'attendee', attendee);
    // The organizer attends their own call: chair, accepted, and never asked to answer (RFC 5545 §3.2.16).
    if (attendee.email.toLowerCase() === organizer) {
      property.setParameter('role', 'CHAIR');
      property.setParameter('partstat', 'ACCEPTED');
      continue;
    }
    property.setParameter('role', 'REQ-PARTICIPANT');
    if (rsvp && method === 'REQUEST') {
      property.setParameter('partstat', 'NEEDS-ACTION');
      property.setParameter('rsvp', 'TRUE');
    }
  }
  event.addPropertyWithValue('status', invite.status ?? (method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'));
  event.addPropertyWithValue('sequence', invite.sequence ?? 0);
  return event;
}

/** A property ical.js does not know (X-WR-*, REFRESH-INTERVAL), written with the value type given. */
function typed(name: string, type: 'text' | 'duration', value: string): ICAL.Property {
  const property = new ICAL.Property(name);
  property.resetType(type);
  property.setValue(type === 'duration' ? ICAL.Duration.fromString(value) : value);
  return property;
}

function calendar(properties: Array<[string, string] | ICAL.Property>, events: ICAL.Component[]): string {
  const root = new ICAL.Component('vcalendar');
  root.addPropertyWithValue('version', '2.0');
  for (const property of properties) {
    if (Array.isArray(property)) root.addPropertyWithValue(property[0], property[1]);
    else root.addProperty(property);
  }
  for (const event of events) root.addSubcomponent(event);
  return `${root.toString()}\r\n`;
}

/**
 * A one-event calendar message, all times in UTC, for the call mails (docs/product.md §D5, §F1): the
 * first invite (SEQUENCE 0) and every update of the same UID with a higher SEQUENCE.
 */
export function buildCallInvite(invite: CallInvite): string {
  return calendar(
    [
      ['prodid', '-//Delivery Desk//Discovery call//EN'],
      ['calscale', 'GREGORIAN'],
      ['method', invite.method ?? 'REQUEST'],
    ],
    [vevent(invite, true)],
  );
}

/**
 * A subscribed calendar (docs/product.md §F1): METHOD:PUBLISH, its name and the timezone it is meant for named by
 * X-WR-CALNAME / X-WR-TIMEZONE, and every event in UTC, which Google, Apple and Thunderbird all accept.
 */
export function buildCalendarFeed(feed: { name: string; timezone: string; events: CallInvite[] }): string {
  return calendar(
    [
      ['prodid', '-//Delivery Desk//Calls feed//EN'],
      ['calscale', 'GREGORIAN'],
      ['method', 'PUBLISH'],
      typed('x-wr-calname', 'text', feed.name),
      ['x-wr-timezone', feed.timezone],
      typed('refresh-interval', 'duration', 'PT1H'),
      ['x-published-ttl', 'PT1H'],
    ],
    feed.events.map((event) => vevent(event, false)),
  );
}
