// The app server of `npm run bench`, in a process of its own (as `npm run bench:events` runs it): the
// built bundle, on the bench's database, so that its RSS is the server's alone and its event loop
// serves nothing but the requests measured. The harness (bench/run.ts) seeds the database and reads
// the figures; the load generator is a third process (bench/load-worker.mjs).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type Database, POOL_MAX_DEFAULT } from '../apps/api/src/db/client.ts';
import { clusterPaths } from '../apps/api/src/db/embedded-postgres.ts';

/**
 * The pool an app server gets: the bench's servers reach their database through DATABASE_URL only so
 * that the bench can seed it too, but on the embedded engine they stand for `npm start`'s own server, so
 * they get its default pool (db/client.ts POOL_MAX_DEFAULT) unless DB_POOL_MAX says otherwise.
 */
export const poolEnv = (driver: Database['driver']) => ({
  DB_POOL_MAX: process.env.DB_POOL_MAX ?? String(POOL_MAX_DEFAULT[driver]),
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server bundle to run: BENCH_SERVER_ENTRY when set, otherwise a fresh build of this checkout into
 * apps/api/dist-bench (esbuild, a second or two), so the bench never measures a stale `dist`.
 */
export function serverEntry(): string {
  const given = process.env.BENCH_SERVER_ENTRY;
  if (given) {
    if (!existsSync(given)) throw new Error(`BENCH_SERVER_ENTRY ${given} does not exist`);
    return path.resolve(given);
  }
  const built = spawnSync(process.execPath, ['build.mjs'], {
    cwd: path.join(root, 'apps/api'),
    env: { ...process.env, API_DIST: 'dist-bench' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('building the server bundle (apps/api/build.mjs) failed');
  return path.join(root, 'apps/api/dist-bench/server.js');
}

export type AppServer = {
  name: string;
  base: string;
  pid: number;
  /** Resident memory now, MB (VmRSS). */
  rssMb: () => number;
  /** The highest RSS seen by the 100 ms poll since the start, MB. */
  peakRssMb: () => number;
  /** Asks the server to write a heap snapshot (node --heapsnapshot-signal) into `dir`; resolves with the file. */
  heapSnapshot: () => Promise<string | null>;
  /** RSS split: anonymous memory (heaps, malloc) and mapped files (node's binary and libraries), MB. */
  memory: () => { anonMb: number; fileMb: number };
  stop: () => Promise<void>;
};

const started: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * Starts `entry` on `databaseUrl` with `env` on top (e.g. LIST_CACHE=off) and waits for /api/health.
 * BENCH_SERVER_NODE_ARGS adds node flags (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
export async function startAppServer(
  name: string,
  entry: string,
  databaseUrl: string,
  env: Record<string, string>,
): Promise<AppServer> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const snapshots = mkdtempSync(path.join(tmpdir(), 'dd-bench-heap-'));
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, ['--heapsnapshot-signal=SIGUSR2', ...nodeArgs, entry], {
    cwd: snapshots,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(snapshots, 'data'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...env,
    },
    // BENCH_SERVER_STDOUT=1 shows the server's stdout (e.g. with --trace-gc in BENCH_SERVER_NODE_ARGS).
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT === '1' ? 'inherit' : 'ignore', 'inherit'],
  });
  started.push(child);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`${name}: the server exited while starting`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {}
    if (i > 600) throw new Error(`${name}: the server did not answer /api/health within 60 s`);
    await sleep(100);
  }
  const pid = child.pid!;
  const rssMb = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  let peak = rssMb();
  const poll = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb());
    } catch {}
  }, 100);
  poll.unref();
  return {
    name,
    base,
    pid,
    rssMb,
    peakRssMb: () => peak,
    heapSnapshot: async () => {
      const before = new Set(readdirSync(snapshots));
      child.kill('SIGUSR2');
      for (let i = 0; i < 600; i++) {
        await sleep(200);
        const file = readdirSync(snapshots).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
        if (!file) continue;
        // The snapshot is written on the server's thread: once it answers again, the file is complete.
        await fetch(`${base}/api/health`).catch(() => null);
        return path.join(snapshots, file);
      }
      return null;
    },
    memory: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { anonMb: kb('RssAnon') / 1024, fileMb: kb('RssFile') / 1024 };
    },
    stop: async () => {
      clearInterval(poll);
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(20_000)]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/** CPU time (user + system) a process has used so far, ms; 0 once it is gone. Load barely moves it. */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: state is the 1st, utime the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** CPU time of a process's children that exited and were waited for (cutime + cstime), ms. */
function exitedChildrenCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * The processes of an embedded PostgreSQL (db/embedded-postgres.ts) of `dataDir`: its postmaster (first
 * line of the cluster's postmaster.pid) first, then every backend and helper it started; [] when it
 * does not run.
 */
export function postgresPids(dataDir: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(
      readFileSync(path.join(clusterPaths(dataDir).cluster, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
  } catch {
    return [];
  }
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/**
 * CPU time of an embedded PostgreSQL of `dataDir`, ms: its postmaster and every backend it runs, counted
 * from their /proc entries, and every one that exited (the postmaster's cutime/cstime: it waits for its
 * children), so an autovacuum worker ending mid-phase no longer takes its CPU time out of the figure.
 */
export function postgresCpuMs(dataDir: string): number {
  const [postmaster, ...children] = postgresPids(dataDir);
  if (postmaster === undefined) return 0;
  return children.reduce(
    (total, pid) => total + processCpuMs(pid),
    processCpuMs(postmaster) + exitedChildrenCpuMs(postmaster),
  );
}
