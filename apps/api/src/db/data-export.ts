import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from './client.ts';
import {
  EMPTY_TABLE_CHECKSUM,
  type MigrationLevel,
  migrationLevel,
  PORTABLE_SETTINGS,
  portableTables,
  qualified,
  quoteIdent,
  type SequenceValue,
  sequenceValues,
  type TableChecksum,
  tableChecksum,
  usePortableSettings,
} from './portable-data.ts';

/** The first line of every export; an import refuses a file without it. */
export const EXPORT_HEADER = '-- Delivery Desk data export: load it with `npm run db:import FILE`.';
export const EXPORT_FORMAT = 1;

export type ExportManifest = {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  /** server_version of the source, for the reader. */
  server: string;
  migrations: MigrationLevel;
  settings: typeof PORTABLE_SETTINGS;
  /** false: the sessions table was left empty (everyone signs in again after the move). */
  sessions: boolean;
  sequences: SequenceValue[];
};

export type ExportedTable = { schema: string; name: string; columns: string[] } & TableChecksum;

/** A file name ending in .gz is written gzip-compressed (and read so by db:import). */
export const isGzipFile = (file: string) => file.endsWith('.gz');

/**
 * Writes every row of the database to `file` in one consistent snapshot (a repeatable-read, read-only
 * transaction on one connection, so the app may keep running): a manifest line (the migration level,
 * the sequences), then for each table in foreign-key order a line with its columns, row count and
 * checksum, and its rows as `COPY ... FROM stdin` text ending in `\.`. The file appears under its
 * name only once complete.
 */
export async function exportData(
  database: Database,
  options: { file: string; sessions?: boolean },
): Promise<{ tables: ExportedTable[]; bytes: number }> {
  const sessions = options.sessions !== false;
  await mkdir(path.dirname(options.file), { recursive: true });
  const partial = `${options.file}.partial`;
  const client = await database.sessionPool().connect();
  const out = new PassThrough();
  const sink = isGzipFile(options.file)
    ? pipeline(out, createGzip(), createWriteStream(partial))
    : pipeline(out, createWriteStream(partial));
  const tables: ExportedTable[] = [];
  try {
    await client.query('begin isolation level repeatable read read only');
    await usePortableSettings(client);
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    const manifest: ExportManifest = {
      format: EXPORT_FORMAT,
      exportedAt: new Date().toISOString(),
      server: rows[0]!.server_version,
      migrations: await migrationLevel(client),
      settings: PORTABLE_SETTINGS,
      sessions,
      sequences: await sequenceValues(client),
    };
    await write(out, `${EXPORT_HEADER}\n-- manifest ${JSON.stringify(manifest)}\n`);
    for (const table of await portableTables(client)) {
      const skip = !sessions && table.schema === 'public' && table.name === 'sessions';
      const sum = skip ? { rows: 0, checksum: EMPTY_TABLE_CHECKSUM } : await tableChecksum(client, table);
      const entry: ExportedTable = { ...table, ...sum };
      tables.push(entry);
      const columns = table.columns.map(quoteIdent).join(', ');
      await write(
        out,
        `-- table ${JSON.stringify(entry)}\nCOPY ${qualified(table)} (${columns}) FROM stdin;\n`,
      );
      if (!skip) {
        const copy = client.query(copyTo(`COPY ${qualified(table)} (${columns}) TO STDOUT`));
        for await (const chunk of copy) await write(out, chunk as Buffer);
      }
      await write(out, '\\.\n');
    }
    await write(out, `-- end ${JSON.stringify({ tables: tables.length })}\n`);
    await client.query('commit');
    out.end();
    await sink;
    await rename(partial, options.file);
    return { tables, bytes: (await stat(options.file)).size };
  } catch (error) {
    out.destroy();
    await sink.catch(() => {});
    await rm(partial, { force: true });
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Writes with backpressure: waits for 'drain' when the stream's buffer is full. */
function write(stream: Writable, chunk: string | Buffer): Promise<void> | undefined {
  if (stream.write(chunk)) return;
  return new Promise((resolve, reject) => {
    stream.once('drain', resolve);
    stream.once('error', reject);
  });
}
