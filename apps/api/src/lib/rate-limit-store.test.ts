// The PostgreSQL rate-limit store: one count per limit and key for every app process on the database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { connect, type Database } from '../db/client.ts';
import { buildUser, DEFAULT_PASSWORD } from '../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../test/test-app.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

let a: TestApp;
let bDatabase: Database;
let b: FastifyInstance;

beforeAll(async () => {
  a = await buildTestApp();
  // A second app process on the same database: its own pool, its own plugin instances, no shared memory.
  bDatabase = connect(a.database.url, a.database.driver);
  b = await buildApp({ config: a.config, database: bDatabase, logger: false });
  await b.ready();
});

afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

const login = (app: FastifyInstance, remoteAddress: string, user: string) =>
  app.inject({
    method: 'POST',
    url: '/api/authorization/login',
    remoteAddress,
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes: { login: user, password: DEFAULT_PASSWORD } } },
  });

const forgot = (app: FastifyInstance, remoteAddress: string, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/authorization/forgot',
    remoteAddress,
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes: { email } } },
  });

describe('rate limits across two app processes on one database', () => {
  it('counts the 30 sign-ins a minute per address over both apps', async () => {
    const { login: user } = await buildUser(a.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await login(i % 2 === 0 ? a.app : b, '10.77.0.1', user)).statusCode);
    expect(new Set(statuses)).toEqual(new Set([200]));
    for (const app of [a.app, b]) {
      const res = await login(app, '10.77.0.1', user);
      expect(res.statusCode).toBe(429);
      expect(firstError(res)?.title).toBe('Too many requests, please try again later');
    }
    // Another address has its own count.
    expect((await login(b, '10.77.0.2', user)).statusCode).toBe(200);
  });

  it('counts the per-recipient forgot-password limit over both apps, whatever the client address', async () => {
    const { email } = await buildUser(a.database.db);
    for (let i = 0; i < 5; i++) {
      const res = await forgot(i % 2 === 0 ? a.app : b, `10.78.0.${i + 1}`, email);
      expect(res.statusCode).toBe(200);
    }
    const res = await forgot(b, '10.78.1.1', email);
    expect(res.statusCode).toBe(429);
    expect(firstError(res)?.title).toBe('Too many requests for this e-mail address, please try again later');
  });
});

describe('postgresRateLimitStore', () => {
  type Counted = { current: number; ttl: number };
  type Store = {
    incr(
      key: string,
      callback: (error: Error | null, result?: Counted) => void,
      windowMs: number,
      max: number,
    ): void;
  };
  const incr = (store: Store, key: string, windowMs: number) =>
    new Promise<Counted>((resolve, reject) =>
      store.incr(
        key,
        (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
        windowMs,
        5,
      ),
    );

  it('counts atomically under concurrency: 40 parallel increments give 1..40', async () => {
    const Store = postgresRateLimitStore(() => a.database.db);
    const store = new Store({}).child({} as never);
    const results = await Promise.all(Array.from({ length: 40 }, () => incr(store, 'burst', 60_000)));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const r of results) expect(r.ttl).toBeGreaterThan(50_000);
  });

  it('starts a new window once the old one has passed, and keeps limits of different routes apart', async () => {
    const Store = postgresRateLimitStore(() => a.database.db);
    const root = new Store({});
    const one = root.child({ routeInfo: { method: 'POST', url: '/one' } } as never);
    const two = root.child({ routeInfo: { method: 'POST', url: '/two' } } as never);
    expect((await incr(one, 'k', 300)).current).toBe(1);
    expect((await incr(one, 'k', 300)).current).toBe(2);
    expect((await incr(two, 'k', 300)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fresh = await incr(one, 'k', 300);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(200);
  });
});
