// One PostgreSQL server per test run, one migrated template database on it, and a database per test
// file cloned from that template (CREATE DATABASE ... TEMPLATE copies files: no file waits for
// migrations). vitest's globalSetup (global-setup.ts) makes the server and template; buildTestApp clones.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WORK_HOURS } from '@dd/domain';
import { runMigrations } from 'graphile-worker';
import pg from 'pg';
import { connect } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { seedLookups } from '../db/seed-lookups.ts';
import { JOB_SCHEMA } from '../plugins/app/jobs.ts';

/** What globalSetup hands every test file. */
export type TestServer = {
  /** A connection string to an administrative database of the server (create/drop databases). */
  adminUrl: string;
  template: string;
  /** Prefix of every database of this run, so the teardown drops what a crashed file left. */
  prefix: string;
  driver: 'embedded' | 'postgres';
};

/** The same URL on another database (works for host= socket URLs too). */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A throw-away cluster tuned for tests: nothing of it must survive a crash. */
const TEST_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
  wal_keep_size: '0',
};

/**
 * Starts the run's server (the embedded PostgreSQL 18 in a temporary folder, or TEST_DATABASE_URL's
 * server when TEST_DB_DRIVER=postgres), migrates the template and seeds its lookups. Returns the server
 * description and the teardown.
 */
export async function startTestServer(env: NodeJS.ProcessEnv = process.env): Promise<{
  server: TestServer;
  stop: () => Promise<void>;
}> {
  const prefix = `dd_t${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  let adminUrl: string;
  let driver: TestServer['driver'];
  let release = async () => {};
  if (env.TEST_DB_DRIVER === 'postgres') {
    if (!env.TEST_DATABASE_URL) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
    adminUrl = env.TEST_DATABASE_URL;
    driver = 'postgres';
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dd-api-test-'));
    const embedded = await startEmbeddedPostgres({ dataDir, settings: TEST_SETTINGS }).catch((error) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    });
    adminUrl = embedded.url('postgres');
    driver = 'embedded';
    release = async () => {
      await embedded.release();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  try {
    await onAdmin(adminUrl, (c) => c.query(`create database ${template}`));
    const database = connect(databaseUrl(adminUrl, template), driver, { max: 2 });
    try {
      await database.migrate();
      // The API tests were written against the hours installs had before docs/product.md §F1 gave new
      // installs 09:00-17:00: the template keeps those (07:00-23:30, Monday to Friday).
      await seedLookups(database.db, { workHours: WORK_HOURS });
      // The job queue's schema too, so no test file's app migrates it (the app does, idempotently).
      await runMigrations({ pgPool: database.pool, schema: JOB_SCHEMA });
    } finally {
      await database.close();
    }
  } catch (error) {
    await release();
    throw error;
  }
  const server: TestServer = { adminUrl, template, prefix, driver };
  return {
    server,
    stop: async () => {
      try {
        await onAdmin(adminUrl, async (c) => {
          const { rows } = await c.query<{ datname: string }>(
            'select datname from pg_database where starts_with(datname, $1)',
            [`${prefix}_`],
          );
          for (const row of rows) await c.query(`drop database if exists "${row.datname}" with (force)`);
        });
      } finally {
        await release();
      }
    },
  };
}

/** A new database cloned from the template; `drop` removes it (closing what still uses it). */
export async function cloneTemplate(server: TestServer): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${server.prefix}_${randomBytes(6).toString('hex')}`;
  await onAdmin(server.adminUrl, (c) => c.query(`create database ${name} template ${server.template}`));
  return {
    url: databaseUrl(server.adminUrl, name),
    drop: async () => {
      await onAdmin(server.adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
