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

/** A JSON text value's timestamps (ISO strings in PostgreSQL's json output) back to Dates, by key. */
export const withDates =
  (keys: ReadonlySet<string>) =>
  (key: string, value: unknown): unknown =>
    keys.has(key) && typeof value === 'string' ? new Date(value) : value;

/** `{ "id": …, "title": … }` of a row, the shape of most includes, for statements that answer JSON. */
export const jsonIdTitle = (t: { id: AnyColumn; title: AnyColumn }): SQL =>
  sql`json_build_object('id', ${t.id}, 'title', ${t.title})`;
