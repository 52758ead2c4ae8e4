import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

// Written only by the triggers of drizzle/0001_search-indexes.sql and 0002_cache-versions.sql: a write
// to what a cache holds bumps its version inside the writing transaction, and every bump is announced on
// the channel `cache_versions` with the commit. Declared here, not in db/schema, because the app never
// writes it (and drizzle-kit must not manage it).
const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** 'admin-lists': what the projects and users lists read; 'sessions': who is signed in, with which role. */
export type CacheName = 'admin-lists' | 'sessions';

/**
 * The versions of one embedded database, kept in memory from its notifications. PGlite is one process
 * by construction (nothing else can write its data dir while it is open), and it delivers a commit's
 * notifications before the statement that committed returns, so this is never behind what a later query
 * could read. Never used for PostgreSQL, where other processes write and notifications arrive late.
 */
export class LocalVersions {
  readonly #versions = new Map<string, number>();

  /** From a notification payload 'name:version'. Versions only grow; a late or repeated one is ignored. */
  apply(payload: string): void {
    const at = payload.lastIndexOf(':');
    const version = Number(payload.slice(at + 1));
    const name = payload.slice(0, at);
    if (Number.isFinite(version) && version > (this.#versions.get(name) ?? -1))
      this.#versions.set(name, version);
  }

  get(name: CacheName): number | undefined {
    return this.#versions.get(name);
  }
}

const local = new WeakMap<Db, LocalVersions>();

/**
 * Keeps `versions` current for `db`: subscribes first, then reads the table, so no bump falls between.
 * `listen` is the embedded driver's subscription (PGlite's `listen`).
 */
export async function trackVersionsLocally(
  db: Db,
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<unknown>,
): Promise<void> {
  const versions = new LocalVersions();
  await listen('cache_versions', (payload) => versions.apply(payload));
  for (const row of await db.select().from(cacheVersions)) versions.apply(`${row.name}:${row.version}`);
  local.set(db, versions);
}

/** The version kept in memory for `db`, or undefined when it must be read from the database. */
export function localVersion(db: Db, name: CacheName): number | undefined {
  return local.get(db)?.get(name);
}

/** The versions of every cache, as one request read them. */
export type Versions = Partial<Record<CacheName, number>>;

const allVersions = new WeakMap<Db, { execute(): Promise<Array<{ name: string; version: number }>> }>();

/**
 * Every cache's current version: from memory on the embedded database, otherwise ONE query of this
 * two-row table. A request reads them once, before any data (the auth hook), and checks all its caches
 * against that one reading.
 */
export async function readVersions(db: Db): Promise<Versions> {
  const kept = local.get(db);
  if (kept) return { 'admin-lists': kept.get('admin-lists'), sessions: kept.get('sessions') };
  let statement = allVersions.get(db);
  if (!statement) {
    // Named: node-postgres prepares it once per connection, and drizzle builds its SQL once.
    statement = db.select().from(cacheVersions).prepare('cache_versions_all');
    allVersions.set(db, statement);
  }
  const versions: Versions = {};
  for (const row of await statement.execute()) versions[row.name as CacheName] = row.version;
  return versions;
}

/**
 * The current version of a cache. Read it BEFORE the data: a write committed after this read carries a
 * newer version, so nothing is ever cached under a version older than its data. null when the table or
 * row is missing (then nothing is cached).
 */
export async function cacheVersion(db: Db, name: CacheName): Promise<number | null> {
  return (await readVersions(db))[name] ?? null;
}
