import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';

/**
 * How long a raw webhook delivery is kept (docs/adr/0023-webhooks.md): its body for audit and replays,
 * its delivery id to answer a provider's resend as a duplicate. 30 days is far longer than either
 * provider resends a delivery (GitHub's redelivery reaches back 3 days; GitLab resends from its recent
 * webhook log), so the dedupe holds for any resend.
 */
export const DELIVERY_RETENTION_DAYS = 30;
const DAY = 24 * 60 * 60_000;
/** At most this many rows a tick: a delivery's body may be 25 MB, so each tick stays short. */
const BATCH = 200;

/**
 * Deletes the processed deliveries older than the retention, oldest first, one batch; answers how many
 * went. A repository's newest delivery stays whatever its age (the repository list's "last delivery"
 * reads it), and so does one never processed (its job failed: kept for a person to look at).
 */
export async function pruneDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * DAY);
  const result = (await db.execute(sql`
    delete from ${webhookDeliveries} d where d.id in (
      select o.id from ${webhookDeliveries} o
      where o.received_at < ${before} and o.processed_at is not null
        and exists (select 1 from ${webhookDeliveries} n
          where n.repository_id = o.repository_id and n.received_at > o.received_at)
      order by o.received_at limit ${BATCH})
    returning d.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
