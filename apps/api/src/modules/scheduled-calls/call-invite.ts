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

/** A one-event calendar invite, all times in UTC, for the call-booked mail (design §5). */
export function buildCallInvite(invite: CallInvite): string {
  const end = new Date(invite.start.getTime() + (invite.minutes ?? SLOT_MINUTES) * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Delivery Desk//Discovery call//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${icsUtc(invite.stamp)}`,
    `DTSTART:${icsUtc(invite.start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(invite.summary)}`,
    `DESCRIPTION:${icsText(invite.description)}`,
    `URL:${invite.url}`,
    `ORGANIZER;CN=${quoteParam(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...invite.attendees.map(
      (a) =>
        `ATTENDEE;CN=${quoteParam(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a.email}`,
    ),
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
