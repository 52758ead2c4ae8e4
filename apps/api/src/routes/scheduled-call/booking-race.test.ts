import { MESSAGES } from '@dd/domain';
import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledCalls } from '../../db/schema/index.ts';
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
 * Issue 5: the database alone decides who gets a slot. 200 bookings fired at once at 20 slots (10 owners,
 * each racing for every slot) must give exactly one 201 per slot and the product's 403 for every other one,
 * through a pool of concurrent connections, on the embedded PostgreSQL 18 and on TEST_DATABASE_URL's server.
 */
describe('simultaneous bookings', () => {
  it('give exactly one success per slot and 403 for the rest', async () => {
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
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/scheduled-call/create',
          headers: owner.headers,
          payload: {
            data: { type: 'scheduled-call', attributes: { project_id: owner.projectId, scheduled } },
          },
        });
        return {
          scheduled,
          status: res.statusCode,
          title: res.statusCode === 201 ? null : firstError(res)?.title,
        };
      }),
    );
    const elapsed = Date.now() - started;

    for (const scheduled of slots) {
      const forSlot = results.filter((r) => r.scheduled === scheduled);
      expect(forSlot.filter((r) => r.status === 201)).toHaveLength(1);
      expect(forSlot.filter((r) => r.status === 403)).toHaveLength(OWNERS - 1);
    }
    for (const refused of results.filter((r) => r.status !== 201))
      expect(refused.title).toBe(MESSAGES.slotTaken);

    const live = await db.select().from(scheduledCalls).where(ne(scheduledCalls.status, 'cancelled'));
    expect(live).toHaveLength(SLOTS);
    expect(new Set(live.map((c) => c.scheduledAt.toISOString())).size).toBe(SLOTS);
    // Quick enough to run on every push (a few seconds even on a busy 2-core machine).
    expect(elapsed).toBeLessThan(20_000);
    await t.app.mailer.settled();
  });
});
