// `npm run db:backup` / `npm run db:restore FILE` for the embedded cluster (docs/adr/0007).
//
// The package ships initdb, pg_ctl and postgres, not pg_dump or pg_basebackup, so a backup is the
// server's own low-level base backup through SQL: pg_backup_start() on one connection, a copy of the
// cluster's files while the app keeps running, pg_backup_stop() giving the backup_label, then the WAL
// written meanwhile. PostgreSQL replays that WAL on the first start after a restore, which makes the
// copy consistent however the files changed during it. The result is one .tar.gz of the cluster
// folder; restoring it needs the app stopped (it replaces DATA_DIR/pg, keeping the old one beside it).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { clusterPaths, embeddedRunning, postgresUser, startEmbeddedPostgres } from './embedded-postgres.ts';

/** Folders whose contents a base backup leaves out (PostgreSQL's docs, "Making a Base Backup"). */
const EMPTY_IN_BACKUP = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** Copies the cluster's files; a file that disappears during the copy is fine (WAL replay recreates it). */
function copyCluster(from: string, to: string, top = true): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let names: string[];
  try {
    names = readdirSync(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    if (top && SKIPPED_FILES.has(name)) continue;
    if (name.startsWith('pgsql_tmp')) continue;
    const source = path.join(from, name);
    const target = path.join(to, name);
    try {
      const stat = lstatSync(source);
      if (stat.isDirectory()) {
        if (top && EMPTY_IN_BACKUP.has(name)) mkdirSync(target, { mode: 0o700 });
        else copyCluster(source, target, false);
      } else if (stat.isFile()) {
        copyFileSync(source, target);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

function tar(args: string[]): void {
  const result = spawnSync('tar', args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `tar ${args[0]} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr}`,
    );
  }
}

/**
 * Writes a base backup of DATA_DIR's cluster to `file` (.tar.gz) while the app may be running (it joins
 * the running server, or starts the cluster for the time of the backup).
 */
export async function backupCluster(options: { dataDir: string; file: string }): Promise<{ bytes: number }> {
  const paths = clusterPaths(options.dataDir);
  const server = await startEmbeddedPostgres({ dataDir: options.dataDir });
  const staging = mkdtempSync(path.join(tmpdir(), 'dd-backup-'));
  const client = new pg.Client({ connectionString: server.url() });
  try {
    await client.connect();
    await client.query(`select pg_backup_start('delivery-desk db:backup', true)`);
    let stopped = false;
    try {
      copyCluster(paths.cluster, path.join(staging, 'pg'));
      const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>(
        'select labelfile, spcmapfile from pg_backup_stop(false)',
      );
      stopped = true;
      const label = rows[0]!.labelfile;
      writeFileSync(path.join(staging, 'pg', 'backup_label'), label);
      if (rows[0]!.spcmapfile) writeFileSync(path.join(staging, 'pg', 'tablespace_map'), rows[0]!.spcmapfile);
      // The WAL from the backup's start on (pg_backup_stop switched to a new segment, so it is on disk).
      const first = label.match(/START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/)?.[1];
      if (!first) throw new Error('pg_backup_stop gave no start WAL file');
      const segments = readdirSync(path.join(paths.cluster, 'pg_wal')).filter(
        (name) => WAL_SEGMENT.test(name) && name.slice(8) >= first.slice(8),
      );
      if (!segments.includes(first))
        throw new Error(`WAL segment ${first} was recycled during the backup; run it again`);
      for (const name of segments) {
        copyFileSync(path.join(paths.cluster, 'pg_wal', name), path.join(staging, 'pg', 'pg_wal', name));
      }
    } finally {
      if (!stopped) await client.query('select pg_backup_stop(false)').catch(() => undefined);
    }
    const partial = `${options.file}.partial`;
    mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });
    tar(['-czf', partial, '-C', staging, 'pg']);
    renameSync(partial, options.file);
    return { bytes: lstatSync(options.file).size };
  } finally {
    await client.end().catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
    await server.release();
  }
}

/**
 * Replaces DATA_DIR's cluster by the backup in `file`. The app must be stopped. The current cluster is
 * kept as DATA_DIR/pg.before-restore-<time>. The server is started once so it replays the backup's WAL
 * (and checked to answer), then stopped again.
 */
export async function restoreCluster(options: {
  dataDir: string;
  file: string;
  log?: (line: string) => void;
}): Promise<{ keptAs: string | null }> {
  const paths = clusterPaths(options.dataDir);
  if (!existsSync(options.file)) throw new Error(`${options.file} does not exist`);
  if (embeddedRunning(options.dataDir)) {
    throw new Error(
      `the embedded PostgreSQL of ${paths.root} is running: stop the app (and seed:demo, db:backup) first, then restore.`,
    );
  }
  mkdirSync(paths.root, { recursive: true });
  const staging = mkdtempSync(path.join(paths.root, 'restore-'));
  try {
    tar(['-xzf', options.file, '-C', staging]);
    const restored = path.join(staging, 'pg');
    if (!existsSync(path.join(restored, 'PG_VERSION')) || !existsSync(path.join(restored, 'backup_label'))) {
      throw new Error(`${options.file} is not a db:backup file (no pg/PG_VERSION and pg/backup_label in it)`);
    }
    const user = postgresUser();
    if (user) {
      const chown = spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, restored], { encoding: 'utf8' });
      if (chown.status !== 0) throw new Error(`chown failed: ${chown.stderr}`);
    }
    chmodSync(restored, 0o700);
    let keptAs: string | null = null;
    if (existsSync(paths.cluster)) {
      keptAs = `${paths.cluster}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(paths.cluster, keptAs);
    }
    renameSync(restored, paths.cluster);
    // First start: PostgreSQL replays the backup's WAL up to a consistent state.
    const server = await startEmbeddedPostgres({ dataDir: options.dataDir, log: options.log });
    try {
      const client = new pg.Client({ connectionString: server.url() });
      await client.connect();
      await client.query('select 1');
      await client.end();
    } finally {
      await server.release();
    }
    return { keptAs };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
