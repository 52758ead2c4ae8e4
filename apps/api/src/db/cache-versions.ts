import { type SQL, sql } from 'drizzle-orm';
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

/** The versions of every cache, as one request read them. */
export type Versions = Partial<Record<CacheName, number>>;

const allVersions = new WeakMap<Db, { execute(): Promise<Array<{ name: string; version: number }>> }>();

/**
 * Every cache's current version: ONE query of this two-row table (other processes write the database,
 * and notifications arrive late, so nothing is kept in memory). A request reads them once, before any
 * data (the auth hook), and checks all its caches against that one reading.
 */
export async function readVersions(db: Db): Promise<Versions> {
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
 * Every cache's current version as ONE json object `{"admin-lists": 7, "sessions": 3}`, for a statement
 * that reads the versions together with what it needs first (the auth hook: versions and session in one
 * round trip, modules/auth/sessions.ts). One statement reads one snapshot, so the versions are never
 * newer than the data read beside them.
 */
export const allVersionsJson = (): SQL =>
  sql`(select json_object_agg(${cacheVersions.name}, ${cacheVersions.version}) from ${cacheVersions})`;

/** The `versions` column of such a statement, as a request keeps it. */
export function versionsOf(json: Record<string, number | string> | null): Versions {
  const versions: Versions = {};
  for (const [name, version] of Object.entries(json ?? {})) versions[name as CacheName] = Number(version);
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
