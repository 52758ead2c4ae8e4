import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { clusterPaths, stopPostmaster } from '../../apps/api/src/db/embedded-postgres.ts';
import { repoRoot } from './paths.ts';

export const defaultAdmin = { email: 'admin@example.com', password: 'admin-pass-123' } as const;

export interface StartAppOptions {
  /** Extra or overriding environment variables for the server (e.g. SMTP_URL, ADMIN_EMAIL). */
  env?: Record<string, string | undefined>;
  /** How long to wait for `GET /api/health` to answer 200. */
  startTimeoutMs?: number;
  /**
   * Fills the fresh embedded database before the server starts (for data no API creates yet). It gets
   * the DATA_DIR and must close the database it opens (the last user out stops the cluster).
   */
  seed?: (dataDir: string) => Promise<void>;
  /**
   * Run on this DATA_DIR instead of a fresh temporary one; stop() then leaves it (and its data) in place
   * after the embedded PostgreSQL has stopped.
   */
  dataDir?: string;
  /** What to run instead of `node apps/api/dist/server.js`, e.g. `['npm', 'start', '--silent']`. */
  command?: [string, ...string[]];
}

export interface RunningApp {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  admin: { email: string; password: string };
  /** The temporary DATA_DIR (its embedded cluster is in clusterPaths(dataDir).cluster). */
  dataDir: string;
  /** The pid of what was spawned: the server, or `scripts/start.mjs` when that is the command. */
  pid: number;
  /** Everything the server printed so far (stdout and stderr, interleaved, capped). */
  log(): string;
  /** What it printed on stdout alone (capped), where the log goes. */
  stdout(): string;
  /** Last `lines` lines of the server log, for failure messages. */
  logTail(lines?: number): string;
  /**
   * SIGTERM, wait for a clean exit (SIGKILL after 10 s, then the embedded PostgreSQL it leaves is
   * stopped too), then delete the temporary data folder.
   */
  stop(): Promise<void>;
}

// E2E_SERVER_ENTRY lets you point the journeys at another build of the server while debugging.
const serverEntry = process.env.E2E_SERVER_ENTRY ?? join(repoRoot, 'apps', 'api', 'dist', 'server.js');
const maxLogChars = 500_000;

/**
 * Removes a journey's data folder. A PostgreSQL child that is still writing its last WAL as the folder goes
 * makes a directory non-empty between listing and removal: rm retries that (ENOTEMPTY) a few times.
 */
const removeTemporaryDir = (dir: string) =>
  rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });

/** Asks the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Starts the BUILT server (`npm run build` first) on a free loopback port with a fresh embedded
 * PostgreSQL 18 in a temporary DATA_DIR, the way a user runs it, and resolves once `/api/health` answers 200.
 */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run \`npm run build\` before the browser journeys.`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'dd-e2e-')));
  const removeDataDir = (dir: string) => (options.dataDir ? Promise.resolve() : removeTemporaryDir(dir));
  if (options.seed) {
    try {
      await options.seed(dataDir);
    } catch (error) {
      await removeDataDir(dataDir);
      throw error;
    }
  }
  const admin = {
    email: options.env?.ADMIN_EMAIL ?? defaultAdmin.email,
    password: options.env?.ADMIN_PASSWORD ?? defaultAdmin.password,
  };

  const env: NodeJS.ProcessEnv = { ...process.env };
  // A journey gets its own empty embedded database unless it explicitly asks for something else.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'info',
  });
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }

  let output = '';
  let stdout = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > maxLogChars) output = output.slice(-maxLogChars);
  };
  const [command, ...args] = options.command ?? [process.execPath, serverEntry];
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', append);
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (stdout.length > maxLogChars) stdout = stdout.slice(-maxLogChars);
  });
  child.stderr?.on('data', append);
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    });
  });

  const logTail = (lines = 80) => output.split('\n').slice(-lines).join('\n');
  const stop = async () => {
    if (!exit) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (killed) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await stopPostmaster(clusterPaths(dataDir).cluster);
    await removeDataDir(dataDir);
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exit) {
      await stopPostmaster(clusterPaths(dataDir).cluster);
      await removeDataDir(dataDir);
      throw new Error(
        `The server exited before it was healthy (code ${exit.code}, signal ${exit.signal}).\n` +
          `--- server log ---\n${logTail()}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return {
          url,
          admin,
          dataDir,
          pid: child.pid!,
          log: () => output,
          stdout: () => stdout,
          logTail,
          stop,
        };
      }
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(150);
  }
  await stop();
  throw new Error(`The server was not healthy in time (${lastProblem}).\n--- server log ---\n${logTail()}`);
}
