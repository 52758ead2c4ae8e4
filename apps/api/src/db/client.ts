import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { trackVersionsLocally } from './cache-versions.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type modules see; both drivers implement it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/** Migrations sit in apps/api/drizzle both in the source tree and next to the bundled server. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations folder not found near ${here}`);
  return found;
}

export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that the server drops (restart, failover, a terminated backend) emits 'error' on
    // the pool; without a listener that would crash the process. The pool replaces the client itself.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir === 'memory://' ? undefined : options.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the trigram indexes of the admin lists' `like` filters (drizzle/0001_search-indexes.sql).
  // PGlite ignores the options when the data dir argument is undefined, hence 'memory://'.
  const client = new PGlite(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // After the migrations (they create cache_versions), versions are kept in memory: see cache-versions.ts.
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: folder });
      await trackVersionsLocally(db, (channel, onPayload) => client.listen(channel, onPayload));
    },
    close: () => client.close(),
  };
}
