import type { Db } from '../../db/client.ts';
import { versionedCache } from '../../lib/versioned-cache.ts';
import type { DeliveryFilter } from './delivery-queries.ts';

// A page is 15 deliveries (at most 100): 256 pages stay well under a megabyte.
const deliveryCache = versionedCache<string>({ max: 256 });

/**
 * A page of a project's review list, kept per process while its version stays the same
 * (docs/adr/0032): the project's data version (its newest live event, read with the session by
 * projectRefVersionRead; every write of a task's status, fields or decision publishes one inside its
 * transaction) and the 'admin-lists' cache version (db/cache-versions.ts), which a user's rename bumps:
 * a page shows who delivered and decided by name. Task types are lookups no route writes. Without either
 * version (a route read without the session's, a database without cache_versions) nothing is kept.
 */
export function cachedDeliveryPage<T>(
  db: Db,
  input: {
    projectId: number;
    projectVersion: string | undefined;
    namesVersion: number | undefined;
    filter: DeliveryFilter;
    page: number;
    size: number;
  },
  load: () => Promise<T>,
): Promise<T> {
  if (input.projectVersion === undefined || input.namesVersion === undefined) return load();
  const key = `${input.projectId}|${input.filter ?? 'all'}|${input.page}|${input.size}`;
  return deliveryCache(db, key, `${input.projectVersion}|${input.namesVersion}`, load);
}
