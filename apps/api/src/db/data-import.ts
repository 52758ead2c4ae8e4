import { once } from 'node:events';
import { constants, createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { runMigrations } from 'graphile-worker';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { JOB_SCHEMA } from '../plugins/app/jobs.ts';
import type { Database } from './client.ts';
import {
  EXPORT_FORMAT,
  EXPORT_HEADER,
  type ExportedTable,
  type ExportManifest,
  isGzipFile,
} from './data-export.ts';
import {
  migrationLevel,
  type PortableTable,
  portableTables,
  qualified,
  quoteIdent,
  tableChecksum,
  tableKey,
  usePortableSettings,
} from './portable-data.ts';

/** Why an import was refused; nothing was loaded (the target may have been migrated). */
export class ImportRefused extends Error {}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Loads a db:export file into an empty database: migrates it first (app and job queue), checks that it is
 * at the export's migration level, then in ONE transaction empties every table (what migrations seeded),
 * copies each table's rows with the app's triggers off (the rows of derived tables are in the file, and
 * foreign keys stay checked), compares every table's row count and checksum with the file's, and sets
 * every sequence where the source's stood. A failure anywhere rolls all of it back.
 */
export async function importData(
  database: Database,
  options: { file: string },
): Promise<{ tables: ExportedTable[] }> {
  await access(options.file, constants.R_OK).catch(() => {
    throw new ImportRefused(`cannot read ${options.file}`);
  });
  const { rows } = await database.pool.query<{ present: boolean }>(
    `select to_regclass('public.users') is not null as present`,
  );
  if (rows[0]?.present) {
    const users = await database.pool.query('select 1 from public.users limit 1');
    if (users.rowCount) {
      throw new ImportRefused(
        'the database already holds data (it has users): import into an empty database',
      );
    }
  }
  await database.migrate();
  await runMigrations({ pgPool: database.sessionPool(), schema: JOB_SCHEMA });

  const lines = readLines(options.file);
  const next = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done) throw new ImportRefused('the file ends before its end line: it is incomplete');
    return value;
  };
  if ((await next()) !== EXPORT_HEADER)
    throw new ImportRefused('not a db:export file (its first line differs)');
  const manifestLine = await next();
  if (!manifestLine.startsWith('-- manifest ')) throw new ImportRefused('the manifest line is missing');
  const manifest = JSON.parse(manifestLine.slice('-- manifest '.length)) as ExportManifest;
  if (manifest.format !== EXPORT_FORMAT) {
    throw new ImportRefused(`export format ${manifest.format}; this version reads format ${EXPORT_FORMAT}`);
  }

  const client = await database.sessionPool().connect();
  try {
    const level = await migrationLevel(client);
    // A source whose job queue never started has no job tables: those stay empty here.
    const withJobs = manifest.migrations.jobs > 0;
    if (
      !sameList(level.app, manifest.migrations.app) ||
      (withJobs && level.jobs !== manifest.migrations.jobs)
    ) {
      throw new ImportRefused(
        `the export is at migration level ${manifest.migrations.app.length}/${manifest.migrations.jobs} ` +
          `(app/job queue) and this app at ${level.app.length}/${level.jobs}: import with the version of the ` +
          'app that exported it, then upgrade',
      );
    }
    await client.query('begin');
    await usePortableSettings(client);
    const targets = await portableTables(client);
    const byKey = new Map(targets.map((t) => [tableKey(t), t]));
    for (const t of targets) await client.query(`alter table ${qualified(t)} disable trigger user`);
    await client.query(`truncate ${targets.map(qualified).join(', ')}`);

    const loaded: ExportedTable[] = [];
    for (;;) {
      const line = await next();
      if (line.startsWith('-- end ')) break;
      if (!line.startsWith('-- table ')) throw new ImportRefused(`unexpected line: ${line.slice(0, 80)}`);
      const entry = JSON.parse(line.slice('-- table '.length)) as ExportedTable;
      const target = byKey.get(tableKey(entry));
      if (!target) throw new ImportRefused(`table ${tableKey(entry)} does not exist in this database`);
      if (!sameList(target.columns, entry.columns)) {
        throw new ImportRefused(`table ${tableKey(entry)} has other columns here than in the export`);
      }
      await next(); // the COPY statement, for a reader of the file: it is rebuilt from the entry
      const rows = await copyRows(client, target, next);
      if (rows !== entry.rows) {
        throw new ImportRefused(
          `table ${tableKey(entry)}: ${rows} rows loaded, the export has ${entry.rows}`,
        );
      }
      const sum = await tableChecksum(client, target);
      if (sum.checksum !== entry.checksum) {
        throw new ImportRefused(`table ${tableKey(entry)}: its rows differ from the export's (checksum)`);
      }
      loaded.push(entry);
      byKey.delete(tableKey(entry));
    }
    if (!withJobs) for (const key of byKey.keys()) if (key.startsWith(`${JOB_SCHEMA}.`)) byKey.delete(key);
    if (byKey.size > 0) {
      throw new ImportRefused(
        `the export has no rows for ${[...byKey.keys()].join(', ')}: it is from another app`,
      );
    }
    for (const s of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        s.name.split('.').map(quoteIdent).join('.'),
        s.value,
        s.isCalled,
      ]);
    }
    for (const t of targets) await client.query(`alter table ${qualified(t)} enable trigger user`);
    await client.query('commit');
    return { tables: loaded };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
    await lines.return?.(undefined);
  }
}

/** Streams a table's COPY lines, up to the `\.` line, into COPY FROM STDIN; answers the rows loaded. */
async function copyRows(
  client: pg.PoolClient,
  table: PortableTable,
  next: () => Promise<string>,
): Promise<number> {
  const columns = table.columns.map(quoteIdent).join(', ');
  const stream = client.query(copyFrom(`COPY ${qualified(table)} (${columns}) FROM STDIN`));
  for (;;) {
    const line = await next();
    if (line === '\\.') break;
    if (!stream.write(`${line}\n`)) await once(stream, 'drain');
  }
  stream.end();
  await finished(stream);
  return stream.rowCount;
}

function readLines(file: string): AsyncIterator<string, undefined> {
  const raw: Readable = createReadStream(file);
  const input = isGzipFile(file) ? raw.pipe(createGunzip()) : raw;
  // A read error (a truncated .gz) ends the lines with that error instead of an unhandled event.
  if (input !== raw) raw.on('error', (error) => input.destroy(error));
  return createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
}
