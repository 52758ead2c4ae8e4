import { type AnyColumn, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client.ts';

const dialect = new PgDialect();

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
): (db: Db, params: Params) => Promise<Row[]> {
  let query: { sql: string; params: unknown[] } | null = null;
  return async (db, params) => {
    query ??= dialect.sqlToQuery(build());
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const result = await pool.query({
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

/** A JSON text value's timestamps (ISO strings in PostgreSQL's json output) back to Dates, by key. */
export const withDates =
  (keys: ReadonlySet<string>) =>
  (key: string, value: unknown): unknown =>
    keys.has(key) && typeof value === 'string' ? new Date(value) : value;

/** `{ "id": …, "title": … }` of a row, the shape of most includes, for statements that answer JSON. */
export const jsonIdTitle = (t: { id: AnyColumn; title: AnyColumn }): SQL =>
  sql`json_build_object('id', ${t.id}, 'title', ${t.title})`;
