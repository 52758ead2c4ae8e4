import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { databaseUnreachable } from './errors.ts';

/**
 * While the database is unreachable (the embedded PostgreSQL killed and restarting), every answer is a 503
 * with Retry-After and a JSON:API error, health included, never a 500 (docs/product.md §F11).
 * The pool is pointed at a port nobody listens on and its open connections are terminated: what the app
 * sees when its PostgreSQL dies.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const pool = t.database.pool as unknown as {
    options: { connectionString: string };
  } & typeof t.database.pool;
  const client = await pool.connect();
  pool.options.connectionString = 'postgres://postgres@127.0.0.1:1/postgres';
  await client.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  client.release(true);
  // Let the terminated idle clients leave the pool.
  await new Promise((resolve) => setTimeout(resolve, 200));
});
afterAll(() => t.close());

describe('an unreachable database', () => {
  it.each([
    ['GET', '/api/health'],
    ['POST', '/api/authorization/forgot'],
  ] as const)('%s %s answers 503 with Retry-After', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: '10.78.0.1',
      headers: { 'content-type': 'application/vnd.api+json' },
      ...(method === 'POST'
        ? { payload: JSON.stringify({ data: { type: 'user', attributes: { email: 'a@example.com' } } }) }
        : {}),
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      errors: [
        {
          status: '503',
          code: 'unavailable',
          title: 'The database is unavailable, please try again shortly',
        },
      ],
    });
  });
});

/**
 * What node-postgres really throws while its server dies: each must be "unreachable" (503), or a write racing
 * the watchdog answers 500 (seen under load in e2e/postmaster-kill before these were known).
 */
describe('databaseUnreachable', () => {
  it.each([
    ['a socket closed under a query', new Error('Connection terminated unexpectedly')],
    [
      'a client broken by an earlier error',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a client closed under a queued query', new Error('Client was closed and is not queryable')],
    ['a pool ended by the shutdown', new Error('Cannot use a pool after calling end on the pool')],
    [
      'a connection exception (SQLSTATE class 08)',
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ],
    [
      'the postmaster gone (crash_shutdown)',
      Object.assign(new Error('terminating connection'), { code: '57P02' }),
    ],
    [
      'wrapped by Drizzle',
      Object.assign(new Error('Failed query: insert …'), { cause: new Error('Connection terminated') }),
    ],
  ])('%s', (_name, error) => {
    expect(databaseUnreachable(error)).not.toBeNull();
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a programming error', new TypeError('x is not a function')],
  ])('not %s', (_name, error) => {
    expect(databaseUnreachable(error)).toBeNull();
  });
});
