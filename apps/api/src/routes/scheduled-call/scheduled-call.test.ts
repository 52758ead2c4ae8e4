import {
  CALL_REFUSALS,
  callRefusalTitle,
  DEFAULT_BOOKING_RULES,
  MESSAGES,
  PHONE_PREFIX_BLACKLIST_SETTING,
  SERVER_ERRORS,
} from '@dd/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, projects, scheduledCalls, settings } from '../../db/schema/index.ts';
import { buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

// Monday 23 November 2026, 07:00 in Los Angeles (PST): the first bookable slot is 09:00 PST.
const NOW = new Date('2026-11-23T15:00:00Z');
const NY = 'America/New_York';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(() => t.close());

type Slot = { scheduled: string; readableTime: string; start: string };
type Day = { type: string; id: string; attributes: { date: string; slots: Slot[] } };

async function owner(overrides: Parameters<typeof withSessionAs>[2] = {}) {
  const { db } = t.database;
  const manager = await buildUser(db, { role: 'accountManager', timezone: 'Europe/London' });
  const client = await withSessionAs(db, 'client', { timezone: NY, ...overrides });
  const project = await buildProject(db, { ownerId: client.user.id, accountManagerId: manager.id });
  return { ...client, project, manager };
}

const book = (headers: Record<string, string>, attributes: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/scheduled-call/create',
    headers,
    payload: { data: { type: 'scheduled-call', attributes } },
  });

const slotsFor = async (headers: Record<string, string>, timezone: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/scheduled-call/available-slots?timezone=${encodeURIComponent(timezone)}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Day[] }).data;
};

describe('GET /work-hours/weekly', () => {
  it('answers the seeded 07:00-23:30 Monday to Friday in the company timezone', async () => {
    const { headers } = await owner();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/work-hours/weekly?timezone=America/Los_Angeles',
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(JSON_API);
    const data = (res.json() as { data: Array<{ id: string; attributes: unknown }> }).data;
    expect(data.map((d) => d.attributes)).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, periods: [{ start: '07:00', end: '23:30' }] })),
    );
  });

  it('converts them to the caller’s timezone, splitting at local midnight', async () => {
    const { headers } = await owner();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/work-hours/weekly?timezone=Asia/Kolkata',
      headers,
    });
    const data = (res.json() as { data: Array<{ attributes: { weekday: number; periods: unknown[] } }> })
      .data;
    expect(data[0]?.attributes).toEqual({ weekday: 1, periods: [{ start: '20:30', end: '24:00' }] });
    expect(data.at(-1)?.attributes).toEqual({ weekday: 6, periods: [{ start: '00:00', end: '13:00' }] });
  });

  it('follows the stored hours, which an admin may change', async () => {
    const fresh = await buildTestApp({ now: () => NOW });
    try {
      const { workHours } = await import('../../db/schema/index.ts');
      await fresh.database.db.delete(workHours);
      await fresh.database.db.insert(workHours).values([
        { weekday: 3, start: '09:00', end: '12:00' },
        { weekday: 3, start: '13:00', end: '17:00' },
      ]);
      const client = await withSessionAs(fresh.database.db, 'client');
      const res = await fresh.app.inject({
        method: 'GET',
        url: '/api/work-hours/weekly?timezone=America/Los_Angeles',
        headers: client.headers,
      });
      expect((res.json() as { data: Array<{ attributes: unknown }> }).data.map((d) => d.attributes)).toEqual([
        {
          weekday: 3,
          periods: [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '17:00' },
          ],
        },
      ]);
      const slots = await fresh.app.inject({
        method: 'GET',
        url: '/api/scheduled-call/available-slots?timezone=America/Los_Angeles',
        headers: client.headers,
      });
      const days = (slots.json() as { data: Day[] }).data;
      expect(days.map((d) => d.attributes.date)).toEqual([
        '2026-11-25',
        '2026-12-02',
        '2026-12-09',
        '2026-12-16',
      ]);
      expect(days[0]?.attributes.slots).toHaveLength(14);
    } finally {
      await fresh.close();
    }
  });

  it('refuses visitors and unknown timezones', async () => {
    const { headers } = await owner();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/work-hours/weekly?timezone=UTC' })).statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/work-hours/weekly?timezone=Mars/Base',
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(firstError(bad)?.title).toBe(CALL_REFUSALS.invalidTimezone);
    const missing = await t.app.inject({ method: 'GET', url: '/api/work-hours/weekly', headers });
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET /scheduled-call/available-slots', () => {
  it('lists 30-minute slots from now + 2 h, by date, in the asked timezone', async () => {
    const { headers } = await owner();
    const days = await slotsFor(headers, NY);
    expect(days[0]).toMatchObject({ type: 'available-slots', id: '2026-11-23' });
    expect(days[0]?.attributes.slots[0]).toEqual({
      scheduled: '2026-11-23 12:00:00',
      readableTime: '12:00 PM',
      start: '2026-11-23T17:00:00Z',
    });
    // Friday's late slots fall on Saturday in New York; Sunday has none. Four weeks ahead ends on Monday
    // 21 December at 07:00 PST (10:00 in New York).
    expect(days.find((d) => d.id === '2026-11-28')?.attributes.slots.map((s) => s.readableTime)).toEqual([
      '12:00 AM',
      '12:30 AM',
      '1:00 AM',
      '1:30 AM',
      '2:00 AM',
    ]);
    expect(days.map((d) => d.id)).not.toContain('2026-11-29');
    expect(days.at(-1)?.attributes.slots.at(-1)?.start).toBe('2026-12-21T15:00:00Z');
  });

  it('leaves out booked slots and the 15-minute buffer around them, but not cancelled ones', async () => {
    const { headers, project, user } = await owner();
    const { db } = t.database;
    await db.insert(scheduledCalls).values([
      { projectId: project.id, userId: user.id, scheduledAt: new Date('2026-11-30T18:00:00Z'), timezone: NY },
      {
        projectId: project.id,
        userId: user.id,
        scheduledAt: new Date('2026-11-30T20:00:00Z'),
        timezone: NY,
        status: 'cancelled',
      },
    ]);
    const starts = (await slotsFor(headers, 'UTC')).flatMap((d) => d.attributes.slots.map((s) => s.start));
    expect(starts).not.toContain('2026-11-30T18:00:00Z');
    // docs/product.md §C9: the neighbours end or start right at the call, closer than the buffer.
    expect(starts).not.toContain('2026-11-30T17:30:00Z');
    expect(starts).not.toContain('2026-11-30T18:30:00Z');
    expect(starts).toContain('2026-11-30T17:00:00Z');
    expect(starts).toContain('2026-11-30T19:00:00Z');
    expect(starts).toContain('2026-11-30T20:00:00Z');
  });

  it('refuses visitors and unknown timezones', async () => {
    const { headers } = await owner();
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/scheduled-call/available-slots?timezone=UTC',
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/scheduled-call/available-slots?timezone=Nowhere/City',
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /scheduled-call/create', () => {
  it('books a listed slot for the project owner and shows it as their call on the project', async () => {
    const { headers, project, user } = await owner();
    const slot = (await slotsFor(headers, NY))[1]!.attributes.slots[3]!;
    const res = await book(headers, { project_id: project.id, scheduled: slot.scheduled, timezone: NY });
    expect(res.statusCode).toBe(201);
    const call = (res.json() as { data: { id: string; attributes: Record<string, unknown> } }).data;
    expect(call.attributes).toMatchObject({
      project_id: project.id,
      scheduled: new Date(slot.start).toISOString(),
      timezone: NY,
      status: 'booked',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=current-user-scheduled-calls`,
      headers,
    });
    const doc = page.json() as {
      data: { relationships: Record<string, { data: Array<{ id: string }> }> };
      included: Array<{ type: string; id: string }>;
    };
    expect(doc.data.relationships['current-user-scheduled-calls']?.data).toEqual([
      { type: 'scheduled-call', id: call.id },
    ]);
    expect(doc.included).toContainEqual(expect.objectContaining({ type: 'scheduled-call', id: call.id }));
    // The slot is gone for everyone.
    const starts = (await slotsFor(headers, 'UTC')).flatMap((d) => d.attributes.slots.map((s) => s.start));
    expect(starts).not.toContain(slot.start);
    expect(user.id).toBeGreaterThan(0);
  });

  it('mails the client and the account manager an .ics invite in UTC with their timezone named', async () => {
    const { headers, project, user, manager } = await owner();
    const res = await book(headers, { project_id: project.id, scheduled: '2026-11-24 13:00:00' });
    expect(res.statusCode).toBe(201);
    await t.app.mailer.settled();
    const { db } = t.database;
    const [toClient] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.id));
    const [toManager] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, manager.email))
      .orderBy(desc(mailOutbox.id));
    // No timezone sent: the user's stored one (New York) is used. 13:00 EST is 18:00 UTC.
    expect(toClient?.text).toContain('Tuesday, November 24, 2026, 1:00 PM (America/New_York)');
    expect(toClient?.text).toContain('2026-11-24 18:00 UTC');
    expect(toManager?.text).toContain('Tuesday, November 24, 2026, 6:00 PM (Europe/London)');
    expect(toManager?.text).toContain("The client's timezone is America/New_York");
    // The client is asked to the call; the account manager, its organizer, gets the organizer's copy.
    expect(toClient?.attachments).toEqual([
      { filename: 'discovery-call.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' },
    ]);
    expect(toManager?.attachments).toEqual([
      { filename: 'discovery-call.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ]);
  });

  it("answers 403 with the product's message when the slot is already booked", async () => {
    const first = await owner();
    const second = await owner();
    const scheduled = '2026-11-25 10:00:00';
    expect((await book(first.headers, { project_id: first.project.id, scheduled })).statusCode).toBe(201);
    const res = await book(second.headers, { project_id: second.project.id, scheduled });
    expect(res.statusCode).toBe(403);
    expect(firstError(res)?.title).toBe(MESSAGES.slotTaken);
    // The same instant written in another timezone is the same slot.
    const london = await book(second.headers, {
      project_id: second.project.id,
      scheduled: '2026-11-25 15:00:00',
      timezone: 'Europe/London',
    });
    expect(london.statusCode).toBe(403);
  });

  const refusals: Array<[string, string, string | undefined, string]> = [
    ['in the past', '2026-11-20 10:00:00', NY, CALL_REFUSALS.past],
    ['earlier than now', '2026-11-23 09:30:00', NY, CALL_REFUSALS.past],
    ['before now + 2 hours', '2026-11-23 11:30:00', NY, callRefusalTitle('too-soon', DEFAULT_BOOKING_RULES)],
    ['beyond four weeks', '2026-12-21 10:30:00', NY, callRefusalTitle('too-far', DEFAULT_BOOKING_RULES)],
    ['on a Saturday', '2026-11-28 12:00:00', NY, CALL_REFUSALS['outside-work-hours']],
    [
      'when the work day has ended (23:30 PST)',
      '2026-11-25 02:30:00',
      NY,
      CALL_REFUSALS['outside-work-hours'],
    ],
    [
      'before the work day starts (06:30 PST)',
      '2026-11-24 09:30:00',
      NY,
      CALL_REFUSALS['outside-work-hours'],
    ],
    ['off the 30-minute grid', '2026-11-24 12:15:00', NY, CALL_REFUSALS['outside-work-hours']],
    ['malformed', '2026-11-24T12:00:00', NY, CALL_REFUSALS.invalidScheduled],
    ['an impossible date', '2026-11-31 12:00:00', NY, CALL_REFUSALS.invalidScheduled],
    [
      'skipped by the spring-forward change',
      '2026-03-08 02:30:00',
      'America/Los_Angeles',
      CALL_REFUSALS.invalidScheduled,
    ],
    ['in an unknown timezone', '2026-11-24 12:00:00', 'Mars/Base', CALL_REFUSALS.invalidTimezone],
  ];
  for (const [name, scheduled, timezone, title] of refusals) {
    it(`refuses a time ${name} with 422 '${title}'`, async () => {
      const { headers, project } = await owner();
      const res = await book(headers, { project_id: project.id, scheduled, timezone });
      expect(res.statusCode).toBe(422);
      expect(firstError(res)).toMatchObject({
        title,
        source: { pointer: expect.stringMatching(/scheduled|timezone/) },
      });
    });
  }

  it('keeps the edge slots: exactly now + 2 h and exactly four weeks ahead', async () => {
    const first = await owner();
    expect(
      (await book(first.headers, { project_id: first.project.id, scheduled: '2026-11-23 12:00:00' }))
        .statusCode,
    ).toBe(201);
    // A second project: one open call per project (docs/product.md §C9).
    const second = await owner();
    expect(
      (await book(second.headers, { project_id: second.project.id, scheduled: '2026-12-21 10:00:00' }))
        .statusCode,
    ).toBe(201);
  });

  it("lets only the project's owner book: other clients and staff get 403, visitors 401, an unknown project looks like someone else's", async () => {
    const { project } = await owner();
    const { db } = t.database;
    const attributes = { project_id: project.id, scheduled: '2026-11-26 12:00:00' };
    const otherClient = await withSessionAs(db, 'client');
    expect((await book(otherClient.headers, attributes)).statusCode).toBe(403);
    // A client listed on the project who is not its owner.
    const listed = await withSessionAs(db, 'client');
    const { projectMembers } = await import('../../db/schema/index.ts');
    await db.insert(projectMembers).values({ projectId: project.id, userId: listed.user.id, kind: 'client' });
    expect((await book(listed.headers, attributes)).statusCode).toBe(403);
    for (const role of ['superAdmin', 'admin', 'accountManager', 'projectManager'] as const) {
      const staff = await withSessionAs(db, role);
      expect((await book(staff.headers, attributes)).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/scheduled-call/create',
      headers: { 'content-type': JSON_API },
      payload: { data: { type: 'scheduled-call', attributes } },
    });
    expect(anonymous.statusCode).toBe(401);
    const mine = await owner();
    // A client never learns whether a project id exists (docs/product.md §F4): unknown is 403 too.
    expect((await book(mine.headers, { ...attributes, project_id: 999_999 })).statusCode).toBe(403);
    // Nothing was stored for that slot.
    const rows = await db
      .select()
      .from(scheduledCalls)
      .where(eq(scheduledCalls.scheduledAt, new Date('2026-11-26T17:00:00Z')));
    expect(rows).toEqual([]);
  });
});

describe('blacklisted phone prefixes', () => {
  it('is seeded as an empty setting', async () => {
    const [row] = await t.database.db
      .select()
      .from(settings)
      .where(eq(settings.name, PHONE_PREFIX_BLACKLIST_SETTING));
    expect(row?.value).toBe('');
  });

  it('marks the user, stores the call pending approval, answers 403 and mails a request, no invite', async () => {
    const { db } = t.database;
    await db
      .update(settings)
      .set({ value: '234, +92' })
      .where(eq(settings.name, PHONE_PREFIX_BLACKLIST_SETTING));
    try {
      const flagged = await owner({ phone: '2348012345678' });
      const clean = await owner({ phone: '4412345678' });
      const me = async (h: Record<string, string>) =>
        (
          (await t.app.inject({ method: 'GET', url: '/api/authorization/check', headers: h })).json() as {
            data: { attributes: Record<string, unknown> };
          }
        ).data.attributes['is-phone-prefix-in-blacklist'];
      expect(await me(flagged.headers)).toBe(true);
      expect(await me(clean.headers)).toBe(false);
      const admin = await withSessionAs(db, 'admin');
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/user/${flagged.user.id}`,
        headers: admin.headers,
      });
      expect(
        (read.json() as { data: { attributes: Record<string, unknown> } }).data.attributes,
      ).toMatchObject({
        'is-phone-prefix-in-blacklist': true,
      });

      const res = await book(flagged.headers, {
        project_id: flagged.project.id,
        scheduled: '2026-11-27 12:00:00',
      });
      expect(res.statusCode).toBe(403);
      expect(firstError(res)?.title).toBe(SERVER_ERRORS.phoneBlacklisted);
      const [call] = await db
        .select()
        .from(scheduledCalls)
        .where(eq(scheduledCalls.projectId, flagged.project.id));
      expect(call).toMatchObject({ status: 'pending_approval', timezone: NY });
      await t.app.mailer.settled();
      // No invite: only the mail saying it is a request awaiting confirmation.
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, flagged.user.email));
      expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/— awaiting confirmation$/)]);
      expect(mails[0]!.attachments).toEqual([]);
      // The pending call holds its slot until staff decide.
      const taken = await book(clean.headers, {
        project_id: clean.project.id,
        scheduled: '2026-11-27 12:00:00',
      });
      expect(firstError(taken)?.title).toBe(MESSAGES.slotTaken);
    } finally {
      await db.update(settings).set({ value: '' }).where(eq(settings.name, PHONE_PREFIX_BLACKLIST_SETTING));
    }
  });
});

describe('GET /scheduled-call/search (staff)', () => {
  it("lists a project's calls with who booked them for staff, and refuses clients", async () => {
    const { db } = t.database;
    const { headers, project, user } = await owner();
    expect(
      (await book(headers, { project_id: project.id, scheduled: '2026-12-01 12:00:00' })).statusCode,
    ).toBe(201);
    await db.insert(scheduledCalls).values({
      projectId: project.id,
      userId: user.id,
      scheduledAt: new Date('2026-11-30T17:00:00Z'),
      timezone: NY,
      status: 'pending_approval',
    });
    const pm = await withSessionAs(db, 'projectManager');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/scheduled-call/search?filter[project_id]=${project.id}`,
      headers: pm.headers,
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      data: Array<{ attributes: Record<string, unknown> }>;
      included: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
    };
    expect(doc.data.map((c) => [c.attributes.scheduled, c.attributes.status])).toEqual([
      ['2026-11-30T17:00:00.000Z', 'pending_approval'],
      ['2026-12-01T17:00:00.000Z', 'booked'],
    ]);
    expect(doc.included).toContainEqual(
      expect.objectContaining({
        type: 'user',
        id: String(user.id),
        attributes: expect.objectContaining({ name: user.name }),
      }),
    );
    const listForm = await t.app.inject({
      method: 'GET',
      url: `/api/scheduled-call/search?filter[0][0]==&filter[0][1]=project_id&filter[0][2]=${project.id}`,
      headers: pm.headers,
    });
    expect((listForm.json() as { data: unknown[] }).data).toHaveLength(2);

    const client = await t.app.inject({
      method: 'GET',
      url: `/api/scheduled-call/search?filter[project_id]=${project.id}`,
      headers,
    });
    expect(client.statusCode).toBe(403);
    const noFilter = await t.app.inject({
      method: 'GET',
      url: '/api/scheduled-call/search',
      headers: pm.headers,
    });
    expect(noFilter.statusCode).toBe(400);
    expect(project.id).toBe((await db.select().from(projects).where(eq(projects.id, project.id)))[0]?.id);
  });
});
