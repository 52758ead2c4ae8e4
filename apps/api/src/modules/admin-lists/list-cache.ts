import { type SQLWrapper, sql } from 'drizzle-orm';
import { cacheVersion } from '../../db/cache-versions.ts';
import type { Db } from '../../db/client.ts';
import { versionedCache } from '../../lib/versioned-cache.ts';

// Entries an older version computed go at once: a list's ordered ids can hold 100,000 of them.
const listCache = versionedCache<number>({ max: 256, stale: (old, current) => old < current });

/**
 * The version of what the admin lists read (db/cache-versions.ts): read it BEFORE the data. `known`: the
 * one this request already read (request.versions), used as is.
 */
export const listVersion = async (db: Db, known?: number | null): Promise<number | null> =>
  known !== undefined ? known : cacheVersion(db, 'admin-lists');

/**
 * A value computed from the lists' tables, kept per database while its version (db/cache-versions.ts) stays the same: the
 * ordered ids of a filter and sort (their length is meta.total, exact) and the pages answered from
 * them. Paging through a filter then costs no re-run of the filter, the sort and a count(*) over up to
 * 100,000 rows per request (docs/adr/0005-admin-list-speed.md). Concurrent requests for one key share
 * one load. Values are shared: never mutate them.
 */
export async function cached<T>(
  db: Db,
  version: number | null,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  return version === null ? load() : listCache(db, key, version, load);
}

/**
 * The ids an ordered `select id ...` query returns, in its order, fetched as one text row: one string
 * decodes far faster than 100,000 one-column rows. The subquery keeps
 * its ORDER BY (PostgreSQL does not flatten a sorted subquery) and the aggregate reads it in that order.
 */
export async function orderedIds(db: Db, ordered: SQLWrapper): Promise<Int32Array> {
  const result = (await db.execute(orderedIdsSql(ordered))) as unknown as {
    rows: Array<{ ids: string | null }>;
  };
  const text = result.rows[0]?.ids;
  return text ? Int32Array.from(text.split(','), Number) : new Int32Array(0);
}

export const orderedIdsSql = (ordered: SQLWrapper) =>
  sql`select string_agg(ordered.id::text, ',') as ids from (${ordered}) as ordered`;

/** The ids of one page of an ordered id list. */
export function pageOf(ids: Int32Array, page: number, size: number | null): number[] {
  if (size === null) return Array.from(ids);
  const start = (page - 1) * size;
  return Array.from(ids.subarray(start, start + size));
}

/** Pages read from the database together: the first visit of a page reads its neighbours too. */
export const READ_AHEAD_PAGES = 8;

/**
 * One page of an ordered id list, answered from the block of READ_AHEAD_PAGES pages around it. A block is
 * read with one set of queries (each by the block's ids) and kept like the ids: paging on, back, or to a
 * neighbour then costs no query, and a first visit reads 120 rows where it read 15 (on the embedded
 * database the fixed cost of a query, not its rows, dominates). `load` turns the id lists of the
 * block's pages into their answers, in the same order. Without a page size the whole list is one page.
 */
export async function pageFromBlock<T>(
  db: Db,
  version: number | null,
  listKey: string,
  ids: Int32Array,
  page: number,
  size: number | null,
  load: (pages: number[][]) => Promise<T[]>,
): Promise<T> {
  const pagesPerBlock = size === null ? 1 : READ_AHEAD_PAGES;
  const first = Math.floor((page - 1) / pagesPerBlock) * pagesPerBlock + 1;
  const block = await cached(db, version, JSON.stringify([listKey, size, first]), () =>
    load(Array.from({ length: pagesPerBlock }, (_, i) => pageOf(ids, first + i, size))),
  );
  return block[page - first] as T;
}

/** Rows fetched by id back in the list's order. */
export function inOrder<T>(ids: number[], rows: T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
