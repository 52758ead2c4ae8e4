import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

/**
 * A real app on a fresh database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when TEST_DB_DRIVER=postgres.
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-pass-123' },
    { logLevel: 'silent', ...overrides },
  );
  let dropDatabase = async () => {};
  let database: Database;
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER === 'postgres' && url) {
    const name = `dd_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: '' });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  }
  const app = await buildApp({ config, database, logger: false, checkResponses: true });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export const JSON_API = 'application/vnd.api+json';

/** The first error of a JSON:API error answer. */
export function firstError(res: LightMyRequestResponse) {
  return (res.json() as { errors: Array<{ status: string; title: string; source?: Record<string, string> }> })
    .errors[0];
}
