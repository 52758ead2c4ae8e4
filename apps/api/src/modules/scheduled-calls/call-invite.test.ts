import { describe, expect, it } from 'vitest';
import { parseIcs } from '../../test/ical.ts';
import { buildCalendarFeed, buildCallInvite } from './call-invite.ts';

const invite = {
  uid: 'scheduled-call-7-1b4e@dd.test',
  start: new Date('2026-11-24T18:00:00Z'),
  stamp: new Date('2026-11-23T15:00:00Z'),
  summary: 'Discovery call: Shop, web; app',
  description: 'Discovery call about "Shop" with Carla (client timezone America/New_York).\nSee you',
  url: 'http://dd.test/project/daily-updates/7',
  organizer: { name: 'Amy Manager', email: 'amy@example.com' },
  attendees: [
    { name: 'Carla Client', email: 'carla@example.com' },
    { name: 'Amy Manager', email: 'amy@example.com' },
  ],
};

describe('buildCallInvite', () => {
  const ics = buildCallInvite(invite);
  const unfolded = ics.replace(/\r\n /g, '');

  it('is one VEVENT in UTC, 30 minutes long, with the given UID', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(unfolded).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(unfolded).toContain('\r\nUID:scheduled-call-7-1b4e@dd.test\r\n');
    expect(unfolded).toContain('\r\nDTSTART:20261124T180000Z\r\n');
    expect(unfolded).toContain('\r\nDTEND:20261124T183000Z\r\n');
    expect(unfolded).toContain('\r\nDTSTAMP:20261123T150000Z\r\n');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('names the organizer and both attendees, and escapes text', () => {
    expect(unfolded).toContain('ORGANIZER;CN=Amy Manager:mailto:amy@example.com');
    expect(unfolded).toContain('ATTENDEE;CN=Carla Client;ROLE=REQ-PARTICIPANT');
    expect(unfolded).toContain('SUMMARY:Discovery call: Shop\\, web\\; app');
    expect(unfolded).toContain('(client timezone America/New_York).\\nSee you');
  });

  it('folds every line to at most 75 octets', () => {
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});

describe('iCalendar text (written by ical.js)', () => {
  it('writes UTC date-times and escapes TEXT', () => {
    const ics = buildCallInvite({
      ...invite,
      start: new Date('2026-03-08T10:30:00.123Z'),
      summary: 'a\\b;c,d\ne',
    });
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nDTSTART:20260308T103000Z\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:a\\\\b\\;c\\,d\\ne\r\n');
  });

  it('never splits a multi-byte character when folding, and keeps every line within 75 octets', () => {
    const description = 'é'.repeat(80);
    const ics = buildCallInvite({ ...invite, description });
    expect(ics.replace(/\r\n /g, '')).toContain(`\r\nDESCRIPTION:${description}\r\n`);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('escapes the feed name and quotes names with a double quote (RFC 6868)', () => {
    const feed = buildCalendarFeed({ name: 'Calls, Amy', timezone: 'Asia/Kolkata', events: [] });
    expect(feed).toContain('X-WR-CALNAME;VALUE=TEXT:Calls\\, Amy\r\n');
    expect(feed).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    const quoted = buildCallInvite({ ...invite, attendees: [{ name: 'Carla "C" Client', email: 'c@x.io' }] });
    expect(parseIcs(quoted).events).toHaveLength(1);
    expect(quoted.replace(/\r\n /g, '')).toContain("ATTENDEE;CN=Carla ^'C^' Client;");
  });
});

describe('validated by a real iCalendar parser (ical.js)', () => {
  it('parses an update and a cancellation of the same UID with their SEQUENCE and STATUS', () => {
    const update = parseIcs(buildCallInvite({ ...invite, sequence: 2 }));
    expect(update.method).toBe('REQUEST');
    expect(update.events[0]).toMatchObject({
      uid: invite.uid,
      start: '2026-11-24T18:00:00.000Z',
      end: '2026-11-24T18:30:00.000Z',
      sequence: 2,
      status: 'CONFIRMED',
      summary: 'Discovery call: Shop, web; app',
      utc: true,
    });
    const cancel = parseIcs(buildCallInvite({ ...invite, method: 'CANCEL', sequence: 3 }));
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events[0]).toMatchObject({ uid: invite.uid, sequence: 3, status: 'CANCELLED' });
  });

  it('parses a feed of several events with its name and timezone', () => {
    const feed = parseIcs(
      buildCalendarFeed({
        name: 'Delivery Desk calls',
        timezone: 'Asia/Kolkata',
        events: [invite, { ...invite, uid: 'other@dd.test', status: 'TENTATIVE' }],
      }),
    );
    expect(feed).toMatchObject({ method: 'PUBLISH', timezone: 'Asia/Kolkata', name: 'Delivery Desk calls' });
    expect(feed.events.map((e) => [e.uid, e.status])).toEqual([
      [invite.uid, 'CONFIRMED'],
      ['other@dd.test', 'TENTATIVE'],
    ]);
  });
});
