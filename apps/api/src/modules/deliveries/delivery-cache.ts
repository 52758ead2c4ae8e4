import type { Db } from '../../db/client.ts';
import { versionedCache } from '../../lib/versioned-cache.ts';
import type { ProjectVersion } from '../projects/load-project.ts';
import type { DeliveryFilter } from './delivery-queries.ts';

// A page is 15 deliveries (at most 100): 256 pages stay well under a megabyte.
const deliveryCache = versionedCache<string>({ max: 256 });
const MINUTE = 60_000;

/**
 * A page of a project's review list, kept per process while its version stays the same
 * (docs/adr/0032): the project's data version (its newest live event, read with the session by
 * projectRefVersionRead; every write of a task's status, fields or decision publishes one inside its
 * transaction) and the 'admin-lists' cache version (db/cache-versions.ts), which a user's rename bumps:
 * a page shows who delivered and decided by name. Task types are lookups no route writes. Without either
 * version (a route read without the session's, a database without cache_versions) nothing is kept, and
 * only a version read settled keeps a page (snapshotSettledSql: a write in progress may still commit a
 * lower event id). The minute is in the key too: live events are pruned after the replay window, so a
 * project's newest event could otherwise fall back to the version of a kept page after a write nobody read.
 */
export function cachedDeliveryPage<T>(
  db: Db,
  input: {
    projectId: number;
    projectVersion: ProjectVersion | undefined;
    namesVersion: number | undefined;
    filter: DeliveryFilter;
    page: number;
    size: number;
    now: Date;
  },
  load: () => Promise<T>,
): Promise<T> {
  if (input.projectVersion === undefined || input.namesVersion === undefined) return load();
  const minute = Math.floor(input.now.getTime() / MINUTE);
  const key = `${input.projectId}|${input.filter ?? 'all'}|${input.page}|${input.size}|${minute}`;
  const version = `${input.projectVersion.id}|${input.namesVersion}`;
  return deliveryCache(db, key, version, load, input.projectVersion.settled);
}
