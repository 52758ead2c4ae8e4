import {
  BOOKING_RULE_ERRORS,
  BOOKING_RULES_SETTING,
  type BookingRules,
  COMPANY_TIMEZONE_SETTING,
  callRefusalTitle,
  DEFAULT_BOOKING_RULES,
  MESSAGES,
  NEW_INSTALL_WORK_HOURS,
} from '@dd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scheduledCalls, settings } from '../../db/schema/index.ts';
import { OPEN_CALL_EXISTS } from '../../modules/scheduled-calls/book-call.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, type TestApp } from '../../test/test-app.ts';

/**
 * The booking rules of docs/product.md §C9 and the company timezone of §F1, set by an admin through the
 * settings API and read alike by the slot list and the booking check, with the clock fixed at DST changes.
 */
let clock = new Date('2026-11-23T15:00:00Z');
let t: TestApp;
let admin: { headers: Record<string, string> };
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  admin = await withSessionAs(t.database.db, 'admin');
});
afterAll(() => t.close());
afterEach(async () => {
  // Every test starts from the defaults and the Los Angeles company zone, on an empty calendar.
  await setSetting(BOOKING_RULES_SETTING, JSON.stringify(DEFAULT_BOOKING_RULES));
  await setSetting(COMPANY_TIMEZONE_SETTING, 'America/Los_Angeles');
  await t.database.db.delete(scheduledCalls);
});

async function settingId(name: string) {
  const [row] = await t.database.db.select().from(settings).where(eq(settings.name, name));
  return row!.id;
}
async function setSetting(name: string, value: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/setting/${await settingId(name)}`,
    headers: admin.headers,
    payload: { data: { type: 'setting', id: String(await settingId(name)), attributes: { value } } },
  });
}
async function useRules(rules: Partial<BookingRules>, zone: string) {
  const a = await setSetting(BOOKING_RULES_SETTING, JSON.stringify({ ...DEFAULT_BOOKING_RULES, ...rules }));
  expect(a.statusCode, a.body).toBe(200);
  const b = await setSetting(COMPANY_TIMEZONE_SETTING, zone);
  expect(b.statusCode, b.body).toBe(200);
  const hours = await t.app.inject({
    method: 'PATCH',
    url: '/api/work-hours',
    headers: admin.headers,
    payload: {
      data: { type: 'work-hours-settings', attributes: { days: NEW_INSTALL_WORK_HOURS, days_off: [] } },
    },
  });
  expect(hours.statusCode, hours.body).toBe(200);
}
async function owner(timezone = 'UTC') {
  const { user, headers } = await withSessionAs(t.database.db, 'client', { timezone });
  const project = await buildProject(t.database.db, { ownerId: user.id });
  return { headers, projectId: project.id };
}
const book = (
  o: { headers: Record<string, string>; projectId: number },
  scheduled: string,
  timezone?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/scheduled-call/create',
    headers: o.headers,
    payload: {
      data: {
        type: 'scheduled-call',
        attributes: { project_id: o.projectId, scheduled, ...(timezone ? { timezone } : {}) },
      },
    },
  });
async function offered(headers: Record<string, string>): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/scheduled-call/available-slots?timezone=UTC',
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ attributes: { slots: Array<{ start: string }> } }> }).data.flatMap(
    (d) => d.attributes.slots.map((s) => s.start),
  );
}

describe('the settings an admin edits', () => {
  it('are seeded with the rules the product had: 2 hours, 28 days, 15 minutes, Los Angeles', async () => {
    const rows = await t.database.db.select().from(settings);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.value]));
    expect(JSON.parse(byName[BOOKING_RULES_SETTING]!)).toEqual({
      minNoticeHours: 2,
      maxDaysAhead: 28,
      bufferMinutes: 15,
    });
    expect(byName[COMPANY_TIMEZONE_SETTING]).toBe('America/Los_Angeles');
  });

  it.each([
    ['{"minNoticeHours":-1,"maxDaysAhead":28,"bufferMinutes":15}', BOOKING_RULE_ERRORS.minNoticeHours],
    ['{"minNoticeHours":2.5,"maxDaysAhead":28,"bufferMinutes":15}', BOOKING_RULE_ERRORS.minNoticeHours],
    ['{"minNoticeHours":2,"maxDaysAhead":0,"bufferMinutes":15}', BOOKING_RULE_ERRORS.maxDaysAhead],
    ['{"minNoticeHours":2,"maxDaysAhead":28,"bufferMinutes":121}', BOOKING_RULE_ERRORS.bufferMinutes],
    ['{"minNoticeHours":2,"maxDaysAhead":28}', BOOKING_RULE_ERRORS.bufferMinutes],
    ['{"minNoticeHours":2,"maxDaysAhead":28,"bufferMinutes":15,"x":1}', BOOKING_RULE_ERRORS.json],
    ['not json', BOOKING_RULE_ERRORS.json],
    ['[]', BOOKING_RULE_ERRORS.json],
  ])('refuse booking rules %s with 422', async (value, title) => {
    const res = await setSetting(BOOKING_RULES_SETTING, value);
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.title).toBe(title);
  });

  it.each(['Mars/Base', '+02:00', 'UTC+2', '', 'Europe/Berlin; drop table'])(
    'refuse the company timezone %j with 422',
    async (value) => {
      const res = await setSetting(COMPANY_TIMEZONE_SETTING, value);
      expect(res.statusCode).toBe(422);
      expect(firstError(res)?.title).toBe(BOOKING_RULE_ERRORS.timezone);
    },
  );

  it('are for admins only', async () => {
    const manager = await withSessionAs(t.database.db, 'accountManager');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/setting/${await settingId(COMPANY_TIMEZONE_SETTING)}`,
      headers: manager.headers,
      payload: { data: { type: 'setting', attributes: { value: 'Europe/Berlin' } } },
    });
    expect(res.statusCode).toBe(403);
  });

  it('move the work hours with the company timezone: the same wall clock in the new zone', async () => {
    clock = new Date('2026-11-23T15:00:00Z');
    await useRules({}, 'Europe/Berlin');
    const o = await owner();
    const starts = await offered(o.headers);
    // Tuesday 24 November 09:00 CET is 08:00Z; 16:30 CET the last slot.
    expect(starts).toContain('2026-11-24T08:00:00Z');
    expect(starts).toContain('2026-11-24T15:30:00Z');
    expect(starts).not.toContain('2026-11-24T16:00:00Z');
    const hours = await t.app.inject({ method: 'GET', url: '/api/work-hours', headers: admin.headers });
    expect(hours.json().data.attributes.timezone).toBe('Europe/Berlin');
  });
});

describe('one open discovery call per project', () => {
  it('answers a second booking 409 with a clear JSON:API error, and allows one again once it is cancelled', async () => {
    clock = new Date('2026-11-23T15:00:00Z');
    const o = await owner('America/Los_Angeles');
    expect((await book(o, '2026-11-24 10:00:00')).statusCode).toBe(201);
    const second = await book(o, '2026-11-25 10:00:00');
    expect(second.statusCode).toBe(409);
    expect(second.headers['content-type']).toMatch(/application\/vnd\.api\+json/);
    expect(firstError(second)).toMatchObject({ status: '409', title: OPEN_CALL_EXISTS });
    const [call] = await t.database.db
      .select()
      .from(scheduledCalls)
      .where(eq(scheduledCalls.projectId, o.projectId));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/scheduled-call/${call!.id}/cancel`,
      headers: { authorization: admin.headers.authorization! },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await book(o, '2026-11-25 10:00:00')).statusCode).toBe(201);
  });

  it('does not count a call that is over', async () => {
    clock = new Date('2026-11-23T15:00:00Z');
    const o = await owner('America/Los_Angeles');
    expect((await book(o, '2026-11-24 10:00:00')).statusCode).toBe(201);
    clock = new Date('2026-11-24T19:00:00Z'); // Tuesday 11:00 PST: the 10:00 call has ended.
    try {
      expect((await book(o, '2026-11-25 10:00:00')).statusCode).toBe(201);
    } finally {
      clock = new Date('2026-11-23T15:00:00Z');
    }
  });
});

describe('the 15-minute buffer', () => {
  it('hides and refuses the slots next to a live call, and a staff move next to one gets 409', async () => {
    clock = new Date('2026-11-23T15:00:00Z');
    const a = await owner('America/Los_Angeles');
    expect((await book(a, '2026-11-24 10:00:00')).statusCode).toBe(201);
    const b = await owner('America/Los_Angeles');
    const starts = await offered(b.headers);
    // 10:00 PST is 18:00Z: 09:30 and 10:30 would touch it; 09:00 and 11:00 keep 30 minutes clear.
    expect(starts).not.toContain('2026-11-24T17:30:00Z');
    expect(starts).not.toContain('2026-11-24T18:30:00Z');
    expect(starts).toContain('2026-11-24T17:00:00Z');
    expect(starts).toContain('2026-11-24T19:00:00Z');
    for (const next of ['2026-11-24 09:30:00', '2026-11-24 10:30:00']) {
      const res = await book(b, next);
      expect(res.statusCode).toBe(403);
      expect(firstError(res)?.title).toBe(MESSAGES.slotTaken);
    }
    expect((await book(b, '2026-11-24 11:00:00')).statusCode).toBe(201);
    const [call] = await t.database.db
      .select()
      .from(scheduledCalls)
      .where(eq(scheduledCalls.projectId, b.projectId));
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/scheduled-call/${call!.id}/move`,
      headers: admin.headers,
      payload: { data: { type: 'scheduled-call', attributes: { start: '2026-11-24T18:30:00Z' } } },
    });
    expect(move.statusCode).toBe(409);
  });

  it('with the buffer at 0 minutes, back-to-back calls are allowed', async () => {
    clock = new Date('2026-11-23T15:00:00Z');
    await useRules({ bufferMinutes: 0 }, 'America/Los_Angeles');
    const a = await owner('America/Los_Angeles');
    const b = await owner('America/Los_Angeles');
    expect((await book(a, '2026-11-24 10:00:00')).statusCode).toBe(201);
    expect((await book(b, '2026-11-24 10:30:00')).statusCode).toBe(201);
  });
});

describe('notice and days ahead at DST changes (clock fixed)', () => {
  it('Europe/Berlin, last Sunday of March: 3 days ahead end at the same instant, an hour later on the wall clock', async () => {
    // Friday 27 March 2026, 14:00 CET (13:00Z); clocks go forward on Sunday 29 March.
    clock = new Date('2026-03-27T13:00:00Z');
    await useRules({ maxDaysAhead: 3 }, 'Europe/Berlin');
    const o = await owner('Europe/Berlin');
    const starts = await offered(o.headers);
    // Monday 30 March: 09:00 CEST is 07:00Z; the window ends at 13:00Z = 15:00 CEST.
    expect(starts).toContain('2026-03-30T07:00:00Z');
    expect(starts).toContain('2026-03-30T13:00:00Z');
    expect(starts).not.toContain('2026-03-30T13:30:00Z');
    expect((await book(o, '2026-03-30 15:00:00')).statusCode).toBe(201);
    const far = await owner('Europe/Berlin');
    const res = await book(far, '2026-03-30 15:30:00');
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.title).toBe(callRefusalTitle('too-far', { minNoticeHours: 2, maxDaysAhead: 3 }));
    expect(firstError(res)?.title).toBe(
      'Calls can be booked at most 3 days ahead. Please, choose an earlier time',
    );
  });

  it('Europe/Berlin, last Sunday of October: 48 hours of notice are 48 hours, not two wall-clock days', async () => {
    // Saturday 24 October 2026, 12:00 CEST (10:00Z); clocks go back on Sunday 25 October.
    clock = new Date('2026-10-24T10:00:00Z');
    await useRules({ minNoticeHours: 48 }, 'Europe/Berlin');
    const o = await owner('Europe/Berlin');
    const starts = await offered(o.headers);
    // Now + 48 h is Monday 10:00Z = 11:00 CET: 10:30 CET (09:30Z) is too soon, 11:00 CET the first slot.
    expect(starts[0]).toBe('2026-10-26T10:00:00Z');
    const soon = await book(o, '2026-10-26 10:30:00');
    expect(soon.statusCode).toBe(422);
    expect(firstError(soon)?.title).toBe(
      'Calls can be booked from 48 hours ahead. Please, choose a later time',
    );
    expect((await book(o, '2026-10-26 11:00:00')).statusCode).toBe(201);
  });

  it('America/New_York, spring forward: the list and the booking check agree on the last slot', async () => {
    // Friday 6 March 2026, 14:00 EST (19:00Z); clocks go forward on Sunday 8 March.
    clock = new Date('2026-03-06T19:00:00Z');
    await useRules({ maxDaysAhead: 3 }, 'America/New_York');
    const o = await owner('America/New_York');
    const starts = await offered(o.headers);
    // Three days on is Monday 19:00Z = 15:00 EDT (not 14:00): 15:00 EDT is the last slot.
    expect(starts.at(-1)).toBe('2026-03-09T19:00:00Z');
    expect((await book(o, '2026-03-09 15:30:00')).statusCode).toBe(422);
    expect((await book(o, '2026-03-09 15:00:00')).statusCode).toBe(201);
  });

  it('America/New_York, fall back: the buffer is kept in instants across the repeated hour', async () => {
    // Friday 30 October 2026, 12:00 EDT (16:00Z); clocks go back on Sunday 1 November.
    clock = new Date('2026-10-30T16:00:00Z');
    await useRules({}, 'America/New_York');
    const a = await owner('America/New_York');
    expect((await book(a, '2026-11-02 09:00:00')).statusCode).toBe(201); // 14:00Z, EST
    const b = await owner('America/New_York');
    const starts = await offered(b.headers);
    expect(starts).not.toContain('2026-11-02T14:00:00Z');
    expect(starts).not.toContain('2026-11-02T14:30:00Z');
    expect(starts).toContain('2026-11-02T15:00:00Z');
    expect((await book(b, '2026-11-02 09:30:00')).statusCode).toBe(403);
    expect((await book(b, '2026-11-02 10:00:00')).statusCode).toBe(201);
  });
});
