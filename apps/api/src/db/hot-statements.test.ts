// docs/adr/0033-hot-statements.md: a statement sent often is prepared by name, so PostgreSQL stops
// planning it on every request; one sent rarely stays unnamed.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithOneConnection } from '../test/one-connection.ts';
import { hotStatementName } from './hot-statements.ts';

describe('which statements are named', () => {
  it('names a text from its 20th use on, always with the same name', () => {
    const text = `select $1::int -- ${Math.random()}`;
    const names = Array.from({ length: 25 }, () => hotStatementName(text));
    expect(names.slice(0, 19)).toEqual(Array(19).fill(undefined));
    expect(names[19]).toMatch(/^hot_[0-9a-f]{20}$/);
    expect(new Set(names.slice(19))).toEqual(new Set([names[19]]));
  });

  it('gives different texts different names', () => {
    const name = (text: string) => {
      for (let i = 0; i < 19; i++) hotStatementName(text);
      return hotStatementName(text);
    };
    const a = name(`select $1::int as a -- ${Math.random()}`);
    const b = name(`select $1::int as b -- ${Math.random()}`);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
  });
});

describe('on a connection', () => {
  const setup = appWithOneConnection();
  const one = () => setup.one();

  const prepared = async () =>
    (
      (await one().db.execute(sql`select name, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where name like 'hot_%'`)) as unknown as {
        rows: Array<{ name: string; generic: number; custom: number }>;
      }
    ).rows;

  it('prepares a statement drizzle sends often, which PostgreSQL then stops planning', async () => {
    const marker = Math.floor(Math.random() * 1e9);
    for (let i = 0; i < 30; i++) {
      const result = (await one().db.execute(sql`select ${i}::int + ${marker}::int as x`)) as unknown as {
        rows: Array<{ x: number }>;
      };
      expect(result.rows).toEqual([{ x: i + marker }]);
    }
    // 19 unnamed, then 11 by name: five custom plans to compare with, the generic plan after.
    const rows = await prepared();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ custom: 5, generic: 6 });
  });

  it('leaves statements without parameters and rare ones unnamed', async () => {
    const before = (await prepared()).length;
    for (let i = 0; i < 30; i++) await one().db.execute(sql.raw('select 1 as plain'));
    for (let i = 0; i < 5; i++) await one().db.execute(sql`select ${i}::int as rare`);
    expect((await prepared()).length).toBe(before);
  });
});
