import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { DELIVERY_RETENTION_DAYS } from '../../modules/git/prune-deliveries.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { deliver, githubExample } from '../../test/git-webhooks.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Raw deliveries are pruned after their retention by the minute tick (docs/adr/0023-webhooks.md): until
 * then a provider's resend is still answered as a duplicate; a repository's newest delivery and one whose
 * job never finished stay.
 */
let now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
});
afterAll(() => t.close());
const db = () => t.database.db;
const DAY = 24 * 60 * 60_000;

describe('raw delivery retention', () => {
  it(`keeps deliveries ${DELIVERY_RETENTION_DAYS} days (a resend is a duplicate), then prunes them`, async () => {
    const start = new Date();
    now = start;
    const { headers } = await withSessionAs(db(), 'admin');
    const project = await buildProject(db());
    const name = `acme/prune-${Date.now().toString(36)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/repositories`,
      headers,
      payload: { data: { type: 'repository', attributes: { provider: 'github', name } } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const secret = res.json().data.attributes.secret as string;
    const repositoryId = Number(res.json().data.id);
    const ping = githubExample('ping');
    (ping.repository as Record<string, unknown>).full_name = name;
    const send = (deliveryId: string) =>
      deliver(t.app, { provider: 'github', event: 'ping', payload: ping, secret, deliveryId });
    const ids = ['old-1', 'old-2', 'stuck-3', 'newest-4'].map((id) => `${id}-${name}`);
    for (const [i, id] of ids.entries()) {
      now = new Date(start.getTime() + i * 60_000);
      expect((await send(id)).statusCode).toBe(202);
    }
    await t.app.jobs.runDue({ tick: false, tasks: ['git-delivery'] });
    // A delivery whose job never finished.
    await db()
      .update(webhookDeliveries)
      .set({ processedAt: null })
      .where(eq(webhookDeliveries.deliveryId, ids[2]!));
    const stored = async () =>
      (
        await db()
          .select({ id: webhookDeliveries.deliveryId })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.repositoryId, repositoryId))
          .orderBy(asc(webhookDeliveries.receivedAt))
      ).map((r) => r.id);

    // Within the retention: nothing pruned, GitHub's redelivery of the oldest is a duplicate.
    now = new Date(start.getTime() + (DELIVERY_RETENTION_DAYS - 1) * DAY);
    await t.app.jobs.runDue({ tasks: [] });
    expect(await stored()).toEqual(ids);
    const resent = await send(ids[0]!);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().meta.result).toBe('duplicate');

    // Past it: the processed ones go, but the repository's newest and the unfinished one stay.
    now = new Date(start.getTime() + (DELIVERY_RETENTION_DAYS + 1) * DAY);
    await t.app.jobs.runDue({ tasks: [] });
    expect(await stored()).toEqual([ids[2], ids[3]]);
  });
});
