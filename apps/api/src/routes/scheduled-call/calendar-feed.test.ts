import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, projectMembers, scheduledCalls, users } from '../../db/schema/index.ts';
import { buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { parseIcs } from '../../test/ical.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const NOW = new Date('2026-11-23T15:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(() => t.close());

const noBody = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type'));

async function newFeedUrl(headers: Record<string, string>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/calendar-feed/reset',
    headers: noBody(headers),
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { data: { attributes: { url: string } } }).data.attributes.url;
}
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

let minute = 0;
async function call(projectId: number, userId: number, status = 'booked') {
  const at = new Date(Date.UTC(2026, 11, 1, 16, 0) + 30 * 60_000 * minute++);
  const [row] = await t.database.db
    .insert(scheduledCalls)
    .values({
      projectId,
      userId,
      scheduledAt: at,
      timezone: 'Asia/Kolkata',
      status,
      icsUid: `feed-${minute}`,
      icsSequence: 2,
    })
    .returning();
  return row!;
}

describe('calendar feed', () => {
  it('is valid iCalendar (ical.js): UTC times, the timezone named, UID, SEQUENCE and STATUS of each call', async () => {
    const admin = await withSessionAs(t.database.db, 'admin', { timezone: 'Europe/Berlin' });
    const client = await buildUser(t.database.db, { role: 'client', name: 'Carla; Client, Jr' });
    const project = await buildProject(t.database.db, { ownerId: client.id, title: 'Shop, web; app' });
    const booked = await call(project.id, client.id);
    const cancelled = await call(project.id, client.id, 'cancelled');
    const pending = await call(project.id, client.id, 'pending_approval');
    const url = await newFeedUrl(admin.headers);
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const feed = parseIcs(res.body);
    expect(feed.method).toBe('PUBLISH');
    expect(feed.timezone).toBe('Europe/Berlin');
    expect(feed.name).toBe('Delivery Desk calls');
    const byUid = new Map(feed.events.map((e) => [e.uid, e]));
    expect(byUid.get(`${booked.icsUid}@localhost`)).toMatchObject({
      start: booked.scheduledAt.toISOString(),
      end: new Date(booked.scheduledAt.getTime() + 30 * 60_000).toISOString(),
      sequence: 2,
      status: 'CONFIRMED',
      summary: 'Discovery call: Shop, web; app',
      utc: true,
    });
    expect(byUid.get(`${cancelled.icsUid}@localhost`)?.status).toBe('CANCELLED');
    expect(byUid.get(`${pending.icsUid}@localhost`)?.status).toBe('TENTATIVE');
  });

  it('shows other staff only the calls of projects they manage or are members of', async () => {
    const dev = await withSessionAs(t.database.db, 'developer');
    const manager = await withSessionAs(t.database.db, 'accountManager');
    const client = await buildUser(t.database.db, { role: 'client' });
    const mine = await buildProject(t.database.db, { ownerId: client.id, accountManagerId: manager.user.id });
    const other = await buildProject(t.database.db, { ownerId: client.id });
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: mine.id, userId: dev.user.id, kind: 'developer' });
    const inMine = await call(mine.id, client.id);
    const inOther = await call(other.id, client.id);
    for (const who of [dev, manager]) {
      const uids = parseIcs((await fetchFeed(await newFeedUrl(who.headers))).body).events.map((e) => e.uid);
      expect(uids).toContain(`${inMine.icsUid}@localhost`);
      expect(uids).not.toContain(`${inOther.icsUid}@localhost`);
    }
  });

  it('stores only a hash; a reset kills the old URL; delete and deactivation end it; unknown tokens 404', async () => {
    const pm = await withSessionAs(t.database.db, 'projectManager');
    const first = await newFeedUrl(pm.headers);
    const token = /calendar\/(.+)\.ics$/.exec(first)![1]!;
    const [row] = await t.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, pm.user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const state = await t.app.inject({ method: 'GET', url: '/api/calendar-feed', headers: pm.headers });
    expect((state.json() as { data: { attributes: unknown } }).data.attributes).toEqual({
      active: true,
      created: NOW.toISOString(),
      url: null,
    });
    const second = await newFeedUrl(pm.headers);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    expect((await fetchFeed(`${second}x`)).statusCode).toBe(404);
    expect((await fetchFeed(second.replace('.ics', ''))).statusCode).toBe(404);
    expect((await fetchFeed(`http://x/api/calendar/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, pm.user.id));
    expect((await fetchFeed(second)).statusCode).toBe(404);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, pm.user.id));
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/calendar-feed',
      headers: noBody(pm.headers),
    });
    expect(del.statusCode).toBe(204);
    expect((await fetchFeed(second)).statusCode).toBe(404);
  });

  it('needs no application key (calendar apps send no headers)', async () => {
    const keyed = await buildTestApp({ now: () => NOW, appKeys: ['k1'] });
    try {
      const admin = await withSessionAs(keyed.database.db, 'admin');
      const res = await keyed.app.inject({
        method: 'POST',
        url: '/api/calendar-feed/reset',
        headers: { ...noBody(admin.headers), 'x-application-key': 'k1' },
      });
      const url = (res.json() as { data: { attributes: { url: string } } }).data.attributes.url;
      expect((await keyed.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(200);
      expect((await keyed.app.inject({ method: 'GET', url: '/api/calendar-feed' })).statusCode).toBe(401);
    } finally {
      await keyed.close();
    }
  });
});
