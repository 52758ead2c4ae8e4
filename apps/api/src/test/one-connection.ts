import { afterAll, beforeAll } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/**
 * A test app and a pool of ONE connection to its database, made before the file's tests and closed
 * after: prepared statements and their plan counts (pg_prepared_statements) belong to one session.
 */
export function appWithOneConnection(): { app: () => TestApp; one: () => Database } {
  let t: TestApp | undefined;
  let one: Database | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    one = connect(t.database.url, t.database.driver, { max: 1 });
  });
  afterAll(async () => {
    await one?.close();
    await t?.close();
  });
  return { app: () => t!, one: () => one! };
}
