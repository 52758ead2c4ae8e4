import type pg from 'pg';
import { JOB_SCHEMA } from '../plugins/app/jobs.ts';

/**
 * What a portable export holds and how it is compared (db/data-export.ts, db/data-import.ts): the rows of
 * every table of the app's schema and of the job queue's, as PostgreSQL's COPY text, which every server
 * from 15 to 18 writes and reads alike once the session settings below are the same on both sides.
 * The migration bookkeeping (drizzle's and graphile-worker's) is not data: it is the level both sides
 * must be at.
 */
export const EXPORTED_SCHEMAS = ['public', JOB_SCHEMA] as const;
/** Tables whose rows say which migrations ran; their level is compared, never copied. */
const MIGRATION_TABLES = new Set([`${JOB_SCHEMA}.migrations`]);

/**
 * The settings COPY text and the checksums depend on (dates, intervals, floats, bytea), set in the
 * exporting and the importing transaction alike, so a server's defaults cannot change a value's text.
 */
export const PORTABLE_SETTINGS = {
  TimeZone: 'UTC',
  DateStyle: 'ISO, MDY',
  IntervalStyle: 'postgres',
  extra_float_digits: '1',
  bytea_output: 'hex',
} as const;

export type PortableTable = {
  schema: string;
  name: string;
  /** Columns in their order, without generated ones (the target computes those itself). */
  columns: string[];
};

export type TableChecksum = { rows: number; checksum: string };

export type MigrationLevel = {
  /** drizzle's migration hashes in the order they ran. */
  app: string[];
  /** graphile-worker's last migration. */
  jobs: number;
};

/** tableChecksum of a table without rows: md5 of the empty string. */
export const EMPTY_TABLE_CHECKSUM = 'd41d8cd98f00b204e9800998ecf8427e';

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
export const tableKey = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/** Applies PORTABLE_SETTINGS to the current transaction. */
export async function usePortableSettings(client: pg.ClientBase): Promise<void> {
  for (const [name, value] of Object.entries(PORTABLE_SETTINGS)) {
    await client.query('select set_config($1, $2, true)', [name, value]);
  }
}

/**
 * Every table of the exported schemas, parents before the tables whose foreign keys point at them (so
 * rows load in this order with every constraint checked). A cycle of foreign keys is refused: no order
 * would load it.
 */
export async function portableTables(client: pg.ClientBase): Promise<PortableTable[]> {
  const { rows: tables } = await client.query<{
    oid: number;
    schema: string;
    name: string;
    columns: string[];
  }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1) and not c.relispartition
      order by n.nspname, c.relname`,
    [[...EXPORTED_SCHEMAS]],
  );
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint
      where contype = 'f' and conrelid <> confrelid`,
  );
  const kept = tables.filter((t) => !MIGRATION_TABLES.has(tableKey(t)));
  const byOid = new Map(kept.map((t) => [t.oid, t]));
  const parents = new Map<number, Set<number>>(kept.map((t) => [t.oid, new Set()]));
  for (const { child, parent } of references) {
    if (byOid.has(child) && byOid.has(parent)) parents.get(child)!.add(parent);
  }
  const ordered: PortableTable[] = [];
  const placed = new Set<number>();
  while (placed.size < kept.length) {
    const ready = kept.filter(
      (t) => !placed.has(t.oid) && [...parents.get(t.oid)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      const left = kept.filter((t) => !placed.has(t.oid)).map(tableKey);
      throw new Error(`foreign keys form a cycle among ${left.join(', ')}: no load order exists`);
    }
    for (const t of ready) {
      placed.add(t.oid);
      ordered.push({ schema: t.schema, name: t.name, columns: t.columns });
    }
  }
  return ordered;
}

/**
 * Row count and an order-independent checksum of a table: the md5 of its rows' md5s in sorted order,
 * each row as the text of its non-generated columns under PORTABLE_SETTINGS. Equal on two servers when
 * they hold the same rows, whatever their physical order.
 */
export async function tableChecksum(client: pg.ClientBase, table: PortableTable): Promise<TableChecksum> {
  const columns = table.columns.map((c) => `t.${quoteIdent(c)}`).join(', ');
  const { rows } = await client.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
       from (select md5(row(${columns})::text) as h from ${qualified(table)} t) s`,
  );
  return { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum };
}

/** Checksums of every portable table, by `schema.name` (in a transaction with PORTABLE_SETTINGS). */
export async function allChecksums(client: pg.ClientBase): Promise<Record<string, TableChecksum>> {
  const result: Record<string, TableChecksum> = {};
  for (const table of await portableTables(client))
    result[tableKey(table)] = await tableChecksum(client, table);
  return result;
}

/** Which migrations the database has run (empty when it has none). */
export async function migrationLevel(client: pg.ClientBase): Promise<MigrationLevel> {
  const { rows: present } = await client.query<{ app: boolean; jobs: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as app,
            to_regclass($1) is not null as jobs`,
    [`${JOB_SCHEMA}.migrations`],
  );
  const app = present[0]?.app
    ? (
        await client.query<{ hash: string }>(
          'select hash from drizzle.__drizzle_migrations order by created_at, id',
        )
      ).rows.map((r) => r.hash)
    : [];
  const jobs = present[0]?.jobs
    ? Number(
        (await client.query<{ n: number | null }>(`select max(id) as n from ${JOB_SCHEMA}.migrations`))
          .rows[0]?.n ?? 0,
      )
    : 0;
  return { app, jobs };
}

export type SequenceValue = { name: string; value: string; isCalled: boolean };

/** Every sequence of the exported schemas (serial and identity columns) with where it stands. */
export async function sequenceValues(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows: names } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = any($1) order by 1, 2`,
    [[...EXPORTED_SCHEMAS]],
  );
  const values: SequenceValue[] = [];
  for (const s of names) {
    const { rows } = await client.query<{ value: string; is_called: boolean }>(
      `select last_value::text as value, is_called from ${qualified(s)}`,
    );
    values.push({ name: tableKey(s), value: rows[0]!.value, isCalled: rows[0]!.is_called });
  }
  return values;
}
