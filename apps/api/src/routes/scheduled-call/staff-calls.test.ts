import { MESSAGES, ROLES, type Role, WORK_HOURS_ERRORS } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectEvents, scheduledCalls } from '../../db/schema/index.ts';
import { callBookedMessages } from '../../modules/scheduled-calls/book-call.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { parseIcs } from '../../test/ical.ts';
import { buildTestApp, firstError, type TestApp } from '../../test/test-app.ts';

// Monday 23 November 2026, 07:00 in Los Angeles (PST): slots are bookable from 09:00 PST (17:00Z).
const NOW = new Date('2026-11-23T15:00:00Z');
const NY = 'America/New_York';
const DEFAULT_WEEK = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  periods: [{ start: '07:00', end: '23:30' }],
}));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

let slotCounter = 0;
/**
 * A fresh slot start on the grid, never reused: 07:00-20:00 PST (15:00Z onwards) from Tuesday 1 December
 * to Friday 11 December, so the first week (24-27 November) stays for the work-hours test. An hour
 * apart, so no two test calls sit within the booking rules' 15-minute buffer (docs/product.md §C9).
 */
function nextSlot(): Date {
  const k = slotCounter++;
  const days = [1, 2, 3, 4, 7, 8, 9, 10, 11];
  const day = days[Math.floor(k / 14)];
  if (day === undefined) throw new Error('out of test slots');
  return new Date(Date.UTC(2026, 11, day, 15, 0) + (k % 14) * 60 * 60_000);
}

async function clientProject() {
  const { db } = t.database;
  const manager = await buildUser(db, { role: 'accountManager', timezone: 'Europe/London' });
  const client = await buildUser(db, { role: 'client', timezone: NY, name: 'Carla Client' });
  const project = await buildProject(db, { ownerId: client.id, accountManagerId: manager.id });
  return { client, project, manager };
}

async function insertCall(status: 'booked' | 'pending_approval' | 'cancelled' = 'booked', at = nextSlot()) {
  const { client, project } = await clientProject();
  const [call] = await t.database.db
    .insert(scheduledCalls)
    .values({
      projectId: project.id,
      userId: client.id,
      scheduledAt: at,
      timezone: NY,
      status,
      createdAt: NOW,
      icsUid: `scheduled-call-test-${slotCounter}`,
    })
    .returning();
  return { call: call!, client, project };
}

const send = (
  headers: Record<string, string> | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    // Like the web client: a Content-Type only with a body.
    ...(headers
      ? {
          headers:
            payload === undefined
              ? Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type'))
              : headers,
        }
      : {}),
    ...(payload === undefined ? {} : { payload }),
  });

const moveBody = (start: Date) => ({
  data: { type: 'scheduled-call', attributes: { start: start.toISOString() } },
});
const hoursBody = (days: unknown, daysOff: unknown = []) => ({
  data: { type: 'work-hours-settings', attributes: { days, days_off: daysOff } },
});

/** Captures the mails handed to the mailer while `run` goes. */
async function mailsDuring(run: () => Promise<unknown>): Promise<MailMessage[]> {
  const mails: MailMessage[] = [];
  vi.spyOn(t.app.mailer, 'sendLater').mockImplementation((m) => {
    mails.push(m);
  });
  await run();
  // The message is built before sendLater; give the handler's promise chain nothing else to wait for.
  return mails;
}

describe('staff call routes by role (anonymous + 8 roles)', () => {
  const CALL_STAFF: Role[] = ['superAdmin', 'admin', 'accountManager', 'projectManager'];
  const ADMINS: Role[] = ['superAdmin', 'admin'];
  const STAFF: Role[] = ROLES.filter((r) => r !== 'client');

  type Fixture = { pendingId: number; pending2Id: number; bookedId: number; target: Date };
  const routes: Array<{
    name: string;
    allowed: Role[];
    call: (f: Fixture) => ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?];
  }> = [
    {
      name: 'GET /scheduled-call/staff-search',
      allowed: CALL_STAFF,
      call: () => ['GET', '/api/scheduled-call/staff-search?page[size]=5'],
    },
    {
      name: 'POST /scheduled-call/{id}/approve',
      allowed: CALL_STAFF,
      call: (f) => ['POST', `/api/scheduled-call/${f.pendingId}/approve`],
    },
    {
      name: 'POST /scheduled-call/{id}/decline',
      allowed: CALL_STAFF,
      call: (f) => ['POST', `/api/scheduled-call/${f.pending2Id}/decline`],
    },
    {
      name: 'POST /scheduled-call/{id}/move',
      allowed: CALL_STAFF,
      call: (f) => ['POST', `/api/scheduled-call/${f.bookedId}/move`, moveBody(f.target)],
    },
    {
      name: 'POST /scheduled-call/{id}/cancel',
      allowed: CALL_STAFF,
      call: (f) => ['POST', `/api/scheduled-call/${f.bookedId}/cancel`],
    },
    { name: 'GET /work-hours', allowed: ADMINS, call: () => ['GET', '/api/work-hours'] },
    {
      name: 'PATCH /work-hours',
      allowed: ADMINS,
      call: () => ['PATCH', '/api/work-hours', hoursBody(DEFAULT_WEEK)],
    },
    { name: 'GET /calendar-feed', allowed: STAFF, call: () => ['GET', '/api/calendar-feed'] },
    { name: 'POST /calendar-feed/reset', allowed: STAFF, call: () => ['POST', '/api/calendar-feed/reset'] },
    { name: 'DELETE /calendar-feed', allowed: STAFF, call: () => ['DELETE', '/api/calendar-feed'] },
  ];

  for (const actor of ['anonymous', ...ROLES] as const) {
    it(`${actor}: every route answers as the table says`, async () => {
      vi.spyOn(t.app.mailer, 'sendLater').mockImplementation(() => {});
      const headers =
        actor === 'anonymous' ? undefined : (await withSessionAs(t.database.db, actor as Role)).headers;
      const f: Fixture = {
        pendingId: (await insertCall('pending_approval')).call.id,
        pending2Id: (await insertCall('pending_approval')).call.id,
        bookedId: (await insertCall('booked')).call.id,
        target: nextSlot(),
      };
      const seen: Record<string, number> = {};
      const expected: Record<string, number | string> = {};
      for (const route of routes) {
        const [method, url, body] = route.call(f);
        const res = await send(headers, method, url, body as Record<string, unknown> | undefined);
        seen[route.name] = res.statusCode;
        expected[route.name] =
          actor === 'anonymous' ? 401 : route.allowed.includes(actor as Role) ? res.statusCode : 403;
        if (actor !== 'anonymous' && route.allowed.includes(actor as Role))
          expect(res.statusCode, `${route.name}: ${res.body}`).toBeLessThan(300);
      }
      expect(seen).toEqual(expected);
    });
  }
});

describe('approve and decline a pending call', () => {
  it('approve: booked, the client gets METHOD:REQUEST with the same UID and a higher SEQUENCE, history names who', async () => {
    const { call, client } = await insertCall('pending_approval');
    const { user, headers } = await withSessionAs(t.database.db, 'projectManager', { name: 'Pam PM' });
    let status = 0;
    const mails = await mailsDuring(async () => {
      const res = await send(headers, 'POST', `/api/scheduled-call/${call.id}/approve`);
      status = res.statusCode;
      expect((res.json() as { data: { attributes: { status: string } } }).data.attributes.status).toBe(
        'booked',
      );
    });
    expect(status).toBe(200);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(client.email);
    expect(mails[0]!.subject).toMatch(/^Discovery call confirmed: /);
    expect(mails[0]!.text).toContain('(America/New_York)');
    const ics = parseIcs(mails[0]!.calendar!.content);
    expect(ics.method).toBe('REQUEST');
    expect(ics.events).toHaveLength(1);
    expect(ics.events[0]).toMatchObject({
      uid: `${call.icsUid}@localhost`,
      start: call.scheduledAt.toISOString(),
      sequence: 1,
      status: 'CONFIRMED',
      utc: true,
    });
    const [event] = await t.database.db
      .select()
      .from(projectEvents)
      .where(and(eq(projectEvents.entity, 'call'), eq(projectEvents.entityId, call.id)));
    expect(event).toMatchObject({ projectId: call.projectId, actorId: user.id, action: 'approved' });
    const history = await send(headers, 'GET', `/api/project-history/search?project_id=${call.projectId}`);
    expect(history.statusCode).toBe(200);
    expect((history.json() as { data: Array<{ attributes: unknown }> }).data[0]?.attributes).toMatchObject({
      entity: 'call',
      action: 'approved',
      'actor-name': 'Pam PM',
    });
  });

  it('refuses to approve or decline a call that is not pending (409)', async () => {
    const { call } = await insertCall('booked');
    const { headers } = await withSessionAs(t.database.db, 'admin');
    for (const action of ['approve', 'decline']) {
      const res = await send(headers, 'POST', `/api/scheduled-call/${call.id}/${action}`);
      expect(res.statusCode).toBe(409);
      expect(firstError(res)?.title).toBe('Only a call waiting for approval can be approved or declined');
    }
  });

  it('decline: cancelled, METHOD:CANCEL, and the slot is free again', async () => {
    const { call } = await insertCall('pending_approval');
    const { headers } = await withSessionAs(t.database.db, 'accountManager');
    const mails = await mailsDuring(async () => {
      expect((await send(headers, 'POST', `/api/scheduled-call/${call.id}/decline`)).statusCode).toBe(200);
    });
    const ics = parseIcs(mails[0]!.calendar!.content);
    expect(ics.method).toBe('CANCEL');
    expect(ics.events[0]).toMatchObject({
      uid: `${call.icsUid}@localhost`,
      sequence: 1,
      status: 'CANCELLED',
    });
    expect(await slotIsOffered(call.scheduledAt)).toBe(true);
  });

  it('404 for an unknown call', async () => {
    const { headers } = await withSessionAs(t.database.db, 'admin');
    expect((await send(headers, 'POST', '/api/scheduled-call/999999/approve')).statusCode).toBe(404);
  });
});

async function slotIsOffered(at: Date): Promise<boolean> {
  const { headers } = await withSessionAs(t.database.db, 'client');
  const res = await send(headers, 'GET', '/api/scheduled-call/available-slots?timezone=UTC');
  const days = (res.json() as { data: Array<{ attributes: { slots: Array<{ start: string }> } }> }).data;
  return days.some((d) => d.attributes.slots.some((s) => new Date(s.start).getTime() === at.getTime()));
}

describe('cancel a call', () => {
  it('frees its slot, mails METHOD:CANCEL, and a second cancel is refused (409)', async () => {
    const { call } = await insertCall('booked');
    expect(await slotIsOffered(call.scheduledAt)).toBe(false);
    const { headers } = await withSessionAs(t.database.db, 'admin');
    const mails = await mailsDuring(async () => {
      expect((await send(headers, 'POST', `/api/scheduled-call/${call.id}/cancel`)).statusCode).toBe(200);
    });
    const ics = parseIcs(mails[0]!.calendar!.content);
    expect(ics.method).toBe('CANCEL');
    expect(ics.events[0]).toMatchObject({ sequence: 1, status: 'CANCELLED' });
    expect(await slotIsOffered(call.scheduledAt)).toBe(true);
    // Another client can now book the freed slot.
    const other = await withSessionAs(t.database.db, 'client');
    const project = await buildProject(t.database.db, { ownerId: other.user.id });
    const scheduled = call.scheduledAt.toISOString().slice(0, 19).replace('T', ' ');
    const booked = await send(other.headers, 'POST', '/api/scheduled-call/create', {
      data: { type: 'scheduled-call', attributes: { project_id: project.id, scheduled, timezone: 'UTC' } },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const again = await send(headers, 'POST', `/api/scheduled-call/${call.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(firstError(again)?.title).toBe('This call is already cancelled');
  });
});

describe('move a call', () => {
  it('moves to a free slot: same UID, SEQUENCE up, new DTSTART, history keeps where it was', async () => {
    const { call } = await insertCall('booked');
    const target = nextSlot();
    const { user, headers } = await withSessionAs(t.database.db, 'accountManager');
    const mails = await mailsDuring(async () => {
      const res = await send(headers, 'POST', `/api/scheduled-call/${call.id}/move`, moveBody(target));
      expect(res.statusCode, res.body).toBe(200);
    });
    const ics = parseIcs(mails[0]!.calendar!.content);
    expect(ics.method).toBe('REQUEST');
    expect(ics.events[0]).toMatchObject({
      uid: `${call.icsUid}@localhost`,
      start: target.toISOString(),
      sequence: 1,
      status: 'CONFIRMED',
    });
    expect(mails[0]!.subject).toMatch(/^Discovery call moved: /);
    expect(await slotIsOffered(call.scheduledAt)).toBe(true);
    expect(await slotIsOffered(target)).toBe(false);
    const [event] = await t.database.db
      .select()
      .from(projectEvents)
      .where(and(eq(projectEvents.entity, 'call'), eq(projectEvents.entityId, call.id)));
    expect(event).toMatchObject({ action: 'moved', actorId: user.id });
    expect(event!.details).toMatchObject({
      from: call.scheduledAt.toISOString(),
      scheduled: target.toISOString(),
    });
    // A second move raises the sequence again.
    const second = nextSlot();
    const more = await mailsDuring(async () => {
      expect(
        (await send(headers, 'POST', `/api/scheduled-call/${call.id}/move`, moveBody(second))).statusCode,
      ).toBe(200);
    });
    expect(parseIcs(more[0]!.calendar!.content).events[0]!.sequence).toBe(2);
  });

  it('refuses a slot another live call holds with 409 (the database constraint decides)', async () => {
    const { call } = await insertCall('booked');
    const { call: holder } = await insertCall('pending_approval');
    const { headers } = await withSessionAs(t.database.db, 'admin');
    const res = await send(
      headers,
      'POST',
      `/api/scheduled-call/${call.id}/move`,
      moveBody(holder.scheduledAt),
    );
    expect(res.statusCode).toBe(409);
    expect(firstError(res)?.title).toBe(MESSAGES.slotTaken);
    const [still] = await t.database.db.select().from(scheduledCalls).where(eq(scheduledCalls.id, call.id));
    expect(still!.scheduledAt.toISOString()).toBe(call.scheduledAt.toISOString());
    expect(still!.icsSequence).toBe(0);
  });

  it('two staff moving two calls onto one slot at once: exactly one wins, the other gets 409', async () => {
    const { call: a } = await insertCall('booked');
    const { call: b } = await insertCall('booked');
    const target = nextSlot();
    const { headers } = await withSessionAs(t.database.db, 'admin');
    vi.spyOn(t.app.mailer, 'sendLater').mockImplementation(() => {});
    const answers = await Promise.all(
      [a, b].map((c) => send(headers, 'POST', `/api/scheduled-call/${c.id}/move`, moveBody(target))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('may take the slot of a cancelled call', async () => {
    const { call } = await insertCall('booked');
    const { call: gone } = await insertCall('cancelled');
    const { headers } = await withSessionAs(t.database.db, 'admin');
    vi.spyOn(t.app.mailer, 'sendLater').mockImplementation(() => {});
    const res = await send(
      headers,
      'POST',
      `/api/scheduled-call/${call.id}/move`,
      moveBody(gone.scheduledAt),
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a time off the work-hour grid, too soon, or a cancelled call (422/409)', async () => {
    const { call } = await insertCall('booked');
    const { headers } = await withSessionAs(t.database.db, 'admin');
    const offGrid = await send(
      headers,
      'POST',
      `/api/scheduled-call/${call.id}/move`,
      moveBody(new Date('2026-11-24T15:10:00Z')),
    );
    expect(offGrid.statusCode).toBe(422);
    const sunday = await send(
      headers,
      'POST',
      `/api/scheduled-call/${call.id}/move`,
      moveBody(new Date('2026-11-29T18:00:00Z')),
    );
    expect(sunday.statusCode).toBe(422);
    const tooSoon = await send(
      headers,
      'POST',
      `/api/scheduled-call/${call.id}/move`,
      moveBody(new Date('2026-11-23T16:00:00Z')),
    );
    expect(tooSoon.statusCode).toBe(422);
    const bad = await send(headers, 'POST', `/api/scheduled-call/${call.id}/move`, {
      data: { attributes: { start: 'soon' } },
    });
    expect(bad.statusCode).toBe(422);
    const { call: cancelled } = await insertCall('cancelled');
    const res = await send(headers, 'POST', `/api/scheduled-call/${cancelled.id}/move`, moveBody(nextSlot()));
    expect(res.statusCode).toBe(409);
  });
});

type ListDoc = {
  data: Array<{ id: string; attributes: Record<string, unknown> }>;
  meta: { 'page-count': number; total: number };
};

describe('one organizer per call', () => {
  it('booking, update and feed name the account manager; nobody asks the organizer to answer', async () => {
    const { db } = t.database;
    const manager = await withSessionAs(db, 'accountManager', { name: 'Amy Manager' });
    const client = await buildUser(db, { role: 'client', timezone: NY, name: 'Carla Client' });
    const project = await buildProject(db, { ownerId: client.id, accountManagerId: manager.user.id });
    const [call] = await db
      .insert(scheduledCalls)
      .values({
        projectId: project.id,
        userId: client.id,
        scheduledAt: nextSlot(),
        timezone: NY,
        status: 'booked',
        createdAt: NOW,
        icsUid: `scheduled-call-organizer-${slotCounter}`,
      })
      .returning();
    const context = {
      productName: 'Delivery Desk',
      publicUrl: t.config.publicUrl,
      mailFrom: t.config.mailFrom,
      now: NOW,
    };
    const booked = await callBookedMessages(db, call!, context);
    const toClient = booked.find((m) => m.to === client.email)!;
    const toManager = booked.find((m) => m.to === manager.user.email)!;
    const uid = `${call!.icsUid}@localhost`;

    // The client is asked (REQUEST, RSVP); the manager organizes it and gets the organizer's copy (PUBLISH).
    const clientIcs = parseIcs(toClient.calendar!.content);
    expect(toClient.calendar!.method).toBe('REQUEST');
    expect(clientIcs.method).toBe('REQUEST');
    expect(clientIcs.events[0]!.attendees).toEqual([
      { email: client.email, partstat: 'NEEDS-ACTION', rsvp: 'TRUE' },
      { email: manager.user.email, partstat: 'ACCEPTED', rsvp: null },
    ]);
    const managerIcs = parseIcs(toManager.calendar!.content);
    expect(toManager.calendar!.method).toBe('PUBLISH');
    expect(managerIcs.method).toBe('PUBLISH');
    expect(managerIcs.events[0]!.attendees.every((a) => a.rsvp === null)).toBe(true);
    // The client's answer reaches the manager, who holds the call.
    expect(toClient.replyTo).toBe(manager.user.email);

    const target = nextSlot();
    const moved = await mailsDuring(async () => {
      const res = await send(
        manager.headers,
        'POST',
        `/api/scheduled-call/${call!.id}/move`,
        moveBody(target),
      );
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(moved.map((m) => m.to)).toEqual([client.email]);
    const movedIcs = parseIcs(moved[0]!.calendar!.content);

    const reset = await send(manager.headers, 'POST', '/api/calendar-feed/reset');
    expect(reset.statusCode, reset.body).toBe(201);
    const feedUrl = new URL((reset.json() as { data: { attributes: { url: string } } }).data.attributes.url);
    const feed = parseIcs((await t.app.inject({ method: 'GET', url: feedUrl.pathname })).body);
    const inFeed = feed.events.find((e) => e.uid === uid);

    const organizers = [clientIcs, managerIcs, movedIcs].map((c) => c.events[0]!.organizer);
    expect([...organizers, inFeed?.organizer]).toEqual(Array(4).fill(manager.user.email));
    expect([clientIcs, managerIcs, movedIcs].map((c) => c.events[0]!.uid)).toEqual([uid, uid, uid]);
  });
});

describe('GET /scheduled-call/staff-search', () => {
  it('lists calls with project, client, time and state; filters by state and date range; pages', async () => {
    const { headers } = await withSessionAs(t.database.db, 'projectManager');
    const { call: pending } = await insertCall('pending_approval');
    const all = await send(headers, 'GET', '/api/scheduled-call/staff-search?page[size]=100');
    expect(all.statusCode).toBe(200);
    const doc = all.json() as ListDoc;
    const row = doc.data.find((d) => d.id === String(pending.id));
    expect(row?.attributes).toMatchObject({
      status: 'pending_approval',
      client_name: 'Carla Client',
      scheduled: pending.scheduledAt.toISOString(),
      outside_work_hours: false,
    });
    expect(String(row?.attributes.project_title)).toMatch(/^Project /);
    const starts = doc.data.map((d) => String(d.attributes.scheduled));
    expect([...starts].sort()).toEqual(starts);

    const onlyPending = (await send(
      headers,
      'GET',
      '/api/scheduled-call/staff-search?page[size]=100&filter[0][0]==&filter[0][1]=status&filter[0][2]=pending_approval',
    ).then((r) => r.json())) as ListDoc;
    expect(onlyPending.data.length).toBeGreaterThan(0);
    expect(onlyPending.data.every((d) => d.attributes.status === 'pending_approval')).toBe(true);

    const from = pending.scheduledAt.toISOString();
    const ranged = (await send(
      headers,
      'GET',
      `/api/scheduled-call/staff-search?filter[0][0]=>=&filter[0][1]=scheduled&filter[0][2]=${from}&filter[1][0]=<=&filter[1][1]=scheduled&filter[1][2]=${from}`,
    ).then((r) => r.json())) as ListDoc;
    expect(ranged.data.map((d) => d.id)).toEqual([String(pending.id)]);

    const paged = (await send(
      headers,
      'GET',
      '/api/scheduled-call/staff-search?page[size]=2&page[page]=2',
    ).then((r) => r.json())) as ListDoc;
    expect(paged.data).toHaveLength(2);
    expect(paged.meta['page-count']).toBe(Math.ceil(paged.meta.total / 2));

    const bad = await send(
      headers,
      'GET',
      '/api/scheduled-call/staff-search?filter[0][0]==&filter[0][1]=status&filter[0][2]=gone',
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('work hours and days off', () => {
  it('validates start < end, 30-minute steps, weekdays and dates of days off (422)', async () => {
    const { headers } = await withSessionAs(t.database.db, 'admin');
    const cases: Array<[unknown, unknown, string]> = [
      [[{ weekday: 1, periods: [{ start: '10:00', end: '09:00' }] }], [], WORK_HOURS_ERRORS.order],
      [[{ weekday: 1, periods: [{ start: '09:15', end: '10:00' }] }], [], WORK_HOURS_ERRORS.time],
      [
        [
          {
            weekday: 1,
            periods: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
          },
        ],
        [],
        WORK_HOURS_ERRORS.overlap,
      ],
      [
        [
          { weekday: 2, periods: [] },
          { weekday: 2, periods: [] },
        ],
        [],
        WORK_HOURS_ERRORS.weekday,
      ],
      [DEFAULT_WEEK, ['2026-02-30'], WORK_HOURS_ERRORS.dayOff],
      [DEFAULT_WEEK, ['2026-12-24', '2026-12-24'], WORK_HOURS_ERRORS.dayOffDuplicate],
    ];
    for (const [days, off, title] of cases) {
      const res = await send(headers, 'PATCH', '/api/work-hours', hoursBody(days, off));
      expect(res.statusCode, JSON.stringify(days)).toBe(422);
      expect(firstError(res)?.title).toBe(title);
    }
  });

  it('changes the slots at once; a booked call outside the new hours stays booked and is flagged', async () => {
    const { headers } = await withSessionAs(t.database.db, 'superAdmin');
    // A booked call at Wednesday 25 November 20:00 PST (04:00Z Thursday) - then hours end at 17:00.
    const late = new Date('2026-11-26T04:00:00Z');
    const { call } = await insertCall('booked', late);
    const tuesdayMorning = new Date('2026-11-24T17:00:00Z'); // 09:00 PST
    expect(await slotIsOffered(tuesdayMorning)).toBe(true);
    const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, periods: [{ start: '10:00', end: '17:00' }] }));
    const res = await send(headers, 'PATCH', '/api/work-hours', hoursBody(week, ['2026-11-27']));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { attributes: unknown } }).data.attributes).toEqual({
      timezone: 'America/Los_Angeles',
      days: week,
      days_off: ['2026-11-27'],
    });
    expect(await slotIsOffered(tuesdayMorning)).toBe(false);
    expect(await slotIsOffered(new Date('2026-11-24T18:00:00Z'))).toBe(true); // 10:00 PST
    expect(await slotIsOffered(new Date('2026-11-27T18:00:00Z'))).toBe(false); // Friday: day off
    const list = (await send(headers, 'GET', '/api/scheduled-call/staff-search?page[size]=100').then((r) =>
      r.json(),
    )) as ListDoc;
    expect(list.data.find((d) => d.id === String(call.id))?.attributes).toMatchObject({
      status: 'booked',
      outside_work_hours: true,
    });
    const read = await send(headers, 'GET', '/api/work-hours');
    expect(
      (read.json() as { data: { attributes: { days_off: string[] } } }).data.attributes.days_off,
    ).toEqual(['2026-11-27']);
    // Back to the default week for the other tests of this file.
    expect((await send(headers, 'PATCH', '/api/work-hours', hoursBody(DEFAULT_WEEK))).statusCode).toBe(200);
  });
});
