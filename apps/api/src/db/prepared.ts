import { type AnyColumn, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, DbOrTx } from './client.ts';

const dialect = new PgDialect();

/**
 * Where drizzle sends a statement: the pool for a database (a connection per statement), the transaction's
 * own connection for a transaction (so a named statement runs inside it, after its locks).
 */
const clientOf = (db: DbOrTx): pg.Pool | pg.PoolClient =>
  (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;

/**
 * A hand-written statement for a per-request read, named and built once (ADR 0015). `build` writes it with
 * drizzle's `sql` over schema column references (a rename fails the typecheck) and `sql.placeholder(name)`
 * for its parameters; its text is made on the first call only, and node-postgres prepares the named
 * statement once per connection, so a request sends no SQL text and PostgreSQL plans nothing again.
 * Rows come back as node-postgres parses them (json columns as values, no drizzle mapping).
 */
export function preparedStatement<Row, Params extends Record<string, unknown>>(
  name: string,
  build: () => SQL,
): (db: DbOrTx, params: Params) => Promise<Row[]> {
  let query: { sql: string; params: unknown[] } | null = null;
  return async (db, params) => {
    query ??= dialect.sqlToQuery(build());
    const result = await clientOf(db).query({
      name,
      text: query.sql,
      values: fillPlaceholders(query.params, params),
    });
    return result.rows as Row[];
  };
}

const byName = new Map<string, (db: Db, params: Record<string, unknown>) => Promise<unknown[]>>();

/**
 * preparedStatement for a statement whose text a request picks among a few (one text per name, e.g. per
 * sort direction): made on the name's first use and kept. `build` must give the same text every time.
 */
export function namedStatement<Row>(
  name: string,
  build: () => SQL,
): (db: Db, params: Record<string, unknown>) => Promise<Row[]> {
  let run = byName.get(name);
  if (!run) {
    run = preparedStatement<unknown, Record<string, unknown>>(name, build);
    byName.set(name, run);
  }
  return run as (db: Db, params: Record<string, unknown>) => Promise<Row[]>;
}

/**
 * A JSON text value (PostgreSQL's json output) parsed, with the ISO timestamp strings under these keys,
 * at any depth, as Dates. A walk after a plain JSON.parse, not a reviver: a reviver is called from the
 * parser for every value and made a list page's 15 rows cost 0.24 ms of server CPU instead of 0.06
 * (docs/benchmarks.md, "Requests with fewer plans").
 */
export function parseWithDates<T>(text: string, keys: ReadonlySet<string>): T {
  const revive = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') revive(item);
      return;
    }
    const object = value as Record<string, unknown>;
    for (const key in object) {
      const item = object[key];
      if (typeof item === 'string') {
        if (keys.has(key)) object[key] = new Date(item);
      } else if (item !== null && typeof item === 'object') revive(item);
    }
  };
  const parsed: unknown = JSON.parse(text);
  if (parsed !== null && typeof parsed === 'object') revive(parsed);
  return parsed as T;
}

/** `{ "id": …, "title": … }` of a row, the shape of most includes, for statements that answer JSON. */
export const jsonIdTitle = (t: { id: AnyColumn; title: AnyColumn }): SQL =>
  sql`json_build_object('id', ${t.id}, 'title', ${t.title})`;
