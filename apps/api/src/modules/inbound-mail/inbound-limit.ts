import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitIncrementSql } from '../../lib/rate-limit-store.ts';

/**
 * Counts one more under `key` in the window and answers whether the count is still within `max`:
 * the rate_limits row every limit of the app uses (lib/rate-limit-store.ts), so all processes share it.
 */
export async function withinLimit(db: Db, key: string, max: number, windowMs: number): Promise<boolean> {
  const result = (await db.execute(
    sql`with counted as (${rateLimitIncrementSql(key, windowMs)}) select count from counted`,
  )) as unknown as { rows: Array<{ count: number }> };
  return Number(result.rows[0]!.count) <= max;
}
