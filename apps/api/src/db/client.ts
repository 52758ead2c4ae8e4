import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type EmbeddedServer, startEmbeddedPostgres } from './embedded-postgres.ts';
import { PipelinedReads, type StatementRunner } from './pipelined.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type modules see. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services that change several rows take one so a failure leaves nothing half-done. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  /** The node-postgres pool under `db` (the job queue shares it). */
  pool: pg.Pool;
  /** The auth hook's one statement per request, on one pipelined connection of its own (db/pipelined.ts). */
  reads: StatementRunner;
  /** 'embedded': the PostgreSQL 18 server of DATA_DIR; 'postgres': the server of DATABASE_URL. */
  driver: 'embedded' | 'postgres';
  /** The connection string the pool uses (for the embedded server: its unix socket). */
  url: string;
  /**
   * A session connection to the same database: DATABASE_DIRECT_URL, else `url`. What a transaction-mode
   * pooler (PgBouncer) cannot carry goes here: LISTEN, session advisory locks, the job worker, the
   * pipelined reads and migrations (docs/adr/0046-pgbouncer-and-a-direct-connection.md).
   */
  directUrl: string;
  /** `url` is a transaction-mode pooler (a distinct directUrl was given): the pool names no statement. */
  pooled: boolean;
  /** A pool on directUrl for what holds a session (the job worker); the pool itself when not pooled. */
  sessionPool: () => pg.Pool;
  /** The embedded server this process started or joined, when there is one. */
  embedded?: EmbeddedServer;
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

/**
 * Connections of a process's pool when DB_POOL_MAX is unset. The embedded server has one app process as
 * its client, so its pool may be larger: with 10, ten concurrent write transactions (a burst of board
 * moves fanned out to 500 live streams) held every connection and reads queued behind them (the events
 * bench's read p99 60–78 ms, 45–46 ms with 20). With DATABASE_URL several processes share one server,
 * so each keeps 10 (docs/deployment.md sizes them against max_connections).
 */
export const POOL_MAX_DEFAULT = { embedded: 20, postgres: 10 } as const;

/** Connections of the session pool beside a pooler: the job worker's two jobs and its LISTEN. */
export const SESSION_POOL_MAX = 4;

/**
 * node-postgres's client, sending every statement unnamed. A named statement lives on one server
 * connection, and behind a transaction-mode pooler the next transaction of the same client gets another:
 * PgBouncer 1.18 answers `prepared statement "…" does not exist` (or `already exists`) for most of them.
 * Submittables (cursors, COPY streams) go through as they are.
 */
export class UnnamedStatementClient extends pg.Client {}
const namedQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
UnnamedStatementClient.prototype.query = function query(
  this: pg.Client,
  config: unknown,
  ...rest: unknown[]
) {
  const plain =
    config !== null &&
    typeof config === 'object' &&
    typeof (config as { submit?: unknown }).submit !== 'function' &&
    (config as { name?: unknown }).name !== undefined;
  return namedQuery.call(this, plain ? { ...(config as object), name: undefined } : config, ...rest);
} as pg.Client['query'];

/** A node-postgres pool with drizzle on top; `onClose` runs after the pool has ended. */
export function connect(
  url: string,
  driver: Database['driver'],
  options: { max?: number; embedded?: EmbeddedServer; directUrl?: string | null } = {},
): Database {
  const directUrl = options.directUrl ?? url;
  const pooled = directUrl !== url;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? POOL_MAX_DEFAULT[driver],
    ...(pooled ? { Client: UnnamedStatementClient } : {}),
  });
  // An idle client that the server drops (restart, failover, a terminated backend) emits 'error' on
  // the pool; without a listener that would crash the process. The pool replaces the client itself.
  let closing = false;
  pool.on('error', (error) => {
    // pool.end() does not wait for the sockets to close: a server stopped right after may still reach them.
    if (!closing) process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
  });
  // A checked-out client whose connection drops emits 'error' on itself (the job queue holds clients
  // for LISTEN and long jobs): the pool discards it, the listener keeps the process alive.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!closing) process.emitWarning(`PostgreSQL client error: ${error.message}`);
    });
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  // The auth hook's statement, every request's first (docs/adr/0038-pipelined-session-reads.md): one
  // pipelined connection with named statements and a statement_timeout startup parameter, so a session.
  const reads = new PipelinedReads(directUrl);
  let session: pg.Pool | null = null;
  const sessionPool = () => {
    if (!pooled) return pool;
    if (!session) {
      session = new pg.Pool({ connectionString: directUrl, max: SESSION_POOL_MAX });
      session.on('error', (error) => {
        if (!closing) process.emitWarning(`PostgreSQL idle session client error: ${error.message}`);
      });
      session.on('connect', (client) => {
        client.on('error', (error) => {
          if (!closing) process.emitWarning(`PostgreSQL session client error: ${error.message}`);
        });
      });
    }
    return session;
  };
  return {
    db,
    pool,
    reads,
    driver,
    url,
    directUrl,
    pooled,
    sessionPool,
    embedded: options.embedded,
    // Migrations on a session: drizzle's migrator runs them in one transaction with its own statements,
    // and a pooler may be set to refuse DDL or cap statement times.
    migrate: () =>
      migratePg((pooled ? drizzle(sessionPool()) : db) as never, { migrationsFolder: migrationsFolder() }),
    close: async () => {
      closing = true;
      await reads.close();
      await pool.end();
      await session?.end();
      await options.embedded?.release();
    },
  };
}

/**
 * DATABASE_URL's server, or the embedded PostgreSQL of `dataDir` (started, or joined when another
 * process of this DATA_DIR runs it; the last process to close stops it).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  /** DATABASE_DIRECT_URL: a session connection beside a transaction-mode pooler in databaseUrl. */
  databaseDirectUrl?: string | null;
  dataDir: string;
  poolMax?: number | null;
  log?: (line: string) => void;
  /** Extra server settings of a newly started embedded cluster (e.g. pg_stat_statements for a profile). */
  settings?: Record<string, string>;
}): Promise<Database> {
  const max = options.poolMax ?? undefined;
  if (options.databaseUrl)
    return connect(options.databaseUrl, 'postgres', { max, directUrl: options.databaseDirectUrl });
  const embedded = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    log: options.log,
    settings: options.settings,
  });
  try {
    return connect(embedded.url(), 'embedded', { embedded, max });
  } catch (error) {
    await embedded.release();
    throw error;
  }
}
