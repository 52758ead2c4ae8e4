import { SLOT_MINUTES } from '@dd/domain';

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
  /** REQUEST adds or updates the event (booking, approval, move); CANCEL removes it (RFC 5546). */
  method?: 'REQUEST' | 'CANCEL';
  /** Raised with every update of the same UID, so calendars apply the newest one (RFC 5545 §3.8.7.4). */
  sequence?: number;
  /** TENTATIVE while a call waits for approval, CANCELLED with METHOD:CANCEL, otherwise CONFIRMED. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
};

/** 'YYYYMMDDTHHMMSSZ': iCalendar's UTC form (RFC 5545 §3.3.5). */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon, comma and new lines (RFC 5545 §3.3.11). */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 §3.1), never inside a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const quoteParam = (value: string) => `"${value.replace(/"/g, "'")}"`;

function eventLines(invite: CallInvite, rsvp: boolean): string[] {
  const end = new Date(invite.start.getTime() + (invite.minutes ?? SLOT_MINUTES) * 60_000);
  const method = invite.method ?? 'REQUEST';
  return [
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${icsUtc(invite.stamp)}`,
    `DTSTART:${icsUtc(invite.start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(invite.summary)}`,
    `DESCRIPTION:${icsText(invite.description)}`,
    `URL:${invite.url}`,
    `ORGANIZER;CN=${quoteParam(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...invite.attendees.map((a) =>
      rsvp && method === 'REQUEST'
        ? `ATTENDEE;CN=${quoteParam(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a.email}`
        : `ATTENDEE;CN=${quoteParam(a.name)};ROLE=REQ-PARTICIPANT:mailto:${a.email}`,
    ),
    `STATUS:${invite.status ?? (method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED')}`,
    `SEQUENCE:${invite.sequence ?? 0}`,
    'END:VEVENT',
  ];
}

/**
 * A one-event calendar message, all times in UTC, for the call mails (design §5, issue 14 §2): the
 * first invite (SEQUENCE 0) and every update of the same UID with a higher SEQUENCE.
 */
export function buildCallInvite(invite: CallInvite): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Delivery Desk//Discovery call//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method ?? 'REQUEST'}`,
    ...eventLines(invite, true),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/**
 * A subscribed calendar (issue 14 §3): METHOD:PUBLISH, its name and the timezone it is meant for named by
 * X-WR-CALNAME / X-WR-TIMEZONE, and every event in UTC, which Google, Apple and Thunderbird all accept.
 */
export function buildCalendarFeed(feed: { name: string; timezone: string; events: CallInvite[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Delivery Desk//Calls feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(feed.name)}`,
    `X-WR-TIMEZONE:${feed.timezone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...feed.events.flatMap((event) => eventLines(event, false)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
