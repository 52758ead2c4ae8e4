import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { connect, type Database } from '../db/client.ts';
import { cloneTemplate } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Every log line (JSON, at level `trace` unless overrides.logLevel says otherwise) is pushed here. */
  logs?: string[];
  /** Sees each route as it is registered (buildApp's onRoute). */
  onRoute?: BuildOptions['onRoute'];
};

/**
 * A real app for one test file, on its own database cloned from the run's migrated template (see
 * test-database.ts): on the embedded PostgreSQL 18 by default, on TEST_DATABASE_URL's server when
 * TEST_DB_DRIVER=postgres.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { logs, onRoute } = options;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'root-pass-123',
      // LIST_CACHE=off runs a test file's admin lists uncached (docs/adr/0014-uncached-list-pages.md).
      LIST_CACHE: process.env.LIST_CACHE,
    },
    { logLevel: logs ? 'trace' : 'silent', jobsWorker: false, ...overrides },
  );
  const server = inject('testServer');
  if (!server) throw new Error('buildTestApp needs the api project of vitest.config.ts (its globalSetup)');
  const clone = await cloneTemplate(server);
  const database = connect(clone.url, server.driver);
  try {
    const app = await buildApp({
      config,
      database,
      logger: Boolean(logs),
      checkResponses: true,
      ...(onRoute ? { onRoute } : {}),
      ...(logs ? { logStream: { write: (line: string) => void logs.push(line) } } : {}),
    });
    await app.ready();
    return {
      app,
      database,
      config,
      close: async () => {
        await app.close();
        await database.close();
        await clone.drop();
      },
    };
  } catch (error) {
    await database.close();
    await clone.drop();
    throw error;
  }
}

export const JSON_API = 'application/vnd.api+json';

/** The first error of a JSON:API error answer. */
export function firstError(res: LightMyRequestResponse) {
  return (res.json() as { errors: Array<{ status: string; title: string; source?: Record<string, string> }> })
    .errors[0];
}
