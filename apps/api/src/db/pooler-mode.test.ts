import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../test/test-database.ts';
import { connect, type Database } from './client.ts';
import { preparedStatement } from './prepared.ts';

// With DATABASE_DIRECT_URL beside DATABASE_URL (a transaction-mode pooler, ADR 0046) the pool names no
// statement, in or out of a transaction, while the session pool is its own, on the direct URL; without
// it, named statements stay prepared on their connection as before (ADR 0015).
let clone: { url: string; drop: () => Promise<void> };
let direct: Database;
let pooled: Database;
const probe = preparedStatement<{ n: number }, Record<string, never>>(
  'pooler_probe',
  () => sql`select 1 as n`,
);
/** Calls the named statement, then asks the pool's one connection whether it holds it prepared. */
const prepared = async (database: Database) => {
  await probe(database.db, {});
  const { rows } = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_prepared_statements where name = 'pooler_probe'`,
  );
  return rows[0]!.n;
};

beforeAll(async () => {
  const server = inject('testServer')!;
  clone = await cloneTemplate(server);
  const url = new URL(clone.url);
  url.searchParams.set('application_name', 'direct');
  direct = connect(clone.url, server.driver, { max: 1 });
  pooled = connect(clone.url, server.driver, { max: 1, directUrl: url.toString() });
});
afterAll(async () => {
  await direct.close();
  await pooled.close();
  await clone.drop();
});

describe('a pool behind a transaction-mode pooler', () => {
  it('prepares named statements on its connection without a direct URL', async () => {
    expect(direct.pooled).toBe(false);
    expect(direct.sessionPool()).toBe(direct.pool);
    expect(await prepared(direct)).toBe(1);
  });

  it('sends them unnamed with one, also inside a transaction, and holds sessions on the direct URL', async () => {
    expect(pooled.pooled).toBe(true);
    expect(await prepared(pooled)).toBe(0);
    const rows = await pooled.db.transaction(async (tx) => probe(tx, {}));
    expect(rows).toEqual([{ n: 1 }]);
    expect(await prepared(pooled)).toBe(0);
    const session = pooled.sessionPool();
    expect(session).not.toBe(pooled.pool);
    const { rows: names } = await session.query<{ name: string }>(
      `select current_setting('application_name') as name`,
    );
    expect(names[0]!.name).toBe('direct');
  });
});
