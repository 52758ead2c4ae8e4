import { MESSAGES } from '@dd/domain';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledCalls } from '../../db/schema/index.ts';
import { OPEN_CALL_EXISTS } from '../../modules/scheduled-calls/book-call.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, type TestApp } from '../../test/test-app.ts';

// Monday 23 November 2026, 07:00 in Los Angeles.
const NOW = new Date('2026-11-23T15:00:00Z');
const OWNERS = 10;
const SLOTS = 20;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(() => t.close());

/**
 * The database alone decides who gets a slot (docs/product.md §C8, §C9). 200 bookings fired at once at 20
 * adjacent slots (10 owners, each racing for every slot), through a pool of concurrent connections, on the
 * embedded PostgreSQL 18 and on TEST_DATABASE_URL's server. Under the booking rules each project ends with
 * at most one open call (the rest 409) and no two live calls start closer than 30 minutes plus the
 * 15-minute buffer (the rest the product's 403).
 */
describe('simultaneous bookings', () => {
  it('give no slot twice, one call per project, the buffer kept, and 403 or 409 for the rest', async () => {
    const { db } = t.database;
    const owners = await Promise.all(
      Array.from({ length: OWNERS }, async () => {
        const { user, headers } = await withSessionAs(db, 'client', { timezone: 'America/Los_Angeles' });
        const project = await buildProject(db, { ownerId: user.id });
        return { headers, projectId: project.id };
      }),
    );
    // Tuesday 24 November, 07:00 to 16:30 PST.
    const slots = Array.from({ length: SLOTS }, (_, i) => {
      const minutes = 7 * 60 + i * 30;
      const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
      const mm = String(minutes % 60).padStart(2, '0');
      return `2026-11-24 ${hh}:${mm}:00`;
    });
    const attempts = slots.flatMap((scheduled) => owners.map((owner) => ({ scheduled, owner })));
    expect(attempts).toHaveLength(200);

    const started = Date.now();
    const results = await Promise.all(
      attempts.map(async ({ scheduled, owner }) => {
        const res = await book(owner, scheduled);
        return {
          scheduled,
          projectId: owner.projectId,
          status: res.statusCode,
          title: res.statusCode === 201 ? null : firstError(res)?.title,
        };
      }),
    );
    const elapsed = Date.now() - started;

    const won = results.filter((r) => r.status === 201);
    for (const scheduled of slots)
      expect(won.filter((r) => r.scheduled === scheduled).length).toBeLessThanOrEqual(1);
    for (const owner of owners)
      expect(won.filter((r) => r.projectId === owner.projectId).length).toBeLessThanOrEqual(1);
    for (const refused of results.filter((r) => r.status !== 201)) {
      if (refused.status === 409) expect(refused.title).toBe(OPEN_CALL_EXISTS);
      else {
        expect(refused.status).toBe(403);
        expect(refused.title).toBe(MESSAGES.slotTaken);
      }
    }

    const live = await db.select().from(scheduledCalls).where(ne(scheduledCalls.status, 'cancelled'));
    expect(live).toHaveLength(won.length);
    expect(live.length).toBeGreaterThanOrEqual(5);
    const starts = live.map((c) => c.scheduledAt.getTime()).sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(45 * 60_000);
    expect(new Set(live.map((c) => c.projectId)).size).toBe(live.length);
    // Quick enough to run on every push (a few seconds even on a busy 2-core machine).
    expect(elapsed).toBeLessThan(20_000);
    await t.app.mailer.settled();
  });

  it('two bookings of one project at once give one call and a 409 naming the open call', async () => {
    const { db } = t.database;
    const { user, headers } = await withSessionAs(db, 'client', { timezone: 'America/Los_Angeles' });
    const project = await buildProject(db, { ownerId: user.id });
    const owner = { headers, projectId: project.id };
    const [a, b] = await Promise.all([
      book(owner, '2026-11-25 09:00:00'),
      book(owner, '2026-11-25 13:00:00'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.headers['content-type']).toMatch(/application\/vnd\.api\+json/);
    expect(firstError(loser)?.title).toBe(OPEN_CALL_EXISTS);
    const calls = await db.select().from(scheduledCalls).where(eq(scheduledCalls.projectId, project.id));
    expect(calls).toHaveLength(1);
    await t.app.mailer.settled();
  });
});

function book(owner: { headers: Record<string, string>; projectId: number }, scheduled: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/scheduled-call/create',
    headers: owner.headers,
    payload: { data: { type: 'scheduled-call', attributes: { project_id: owner.projectId, scheduled } } },
  });
}
