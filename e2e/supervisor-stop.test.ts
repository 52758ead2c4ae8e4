// Issue 43 §1: what systemd, Docker, PM2 and Kubernetes do — SIGTERM (or SIGINT) to the process they
// started — stops the app within 10 s and leaves nothing of it running: not the server, not the embedded
// PostgreSQL, not the port. Each way in is tried: `npm start`'s own process (npm runs the script through
// `sh -c`, which dies without passing the signal on unless the script `exec`s), `node scripts/start.mjs`,
// and the server itself; each with a live event stream open, which must not hold the close.
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './support/app.ts';
import { repoRoot } from './support/paths.ts';

const STOP_BUDGET_MS = 10_000;
const ADMIN = { login: 'admin@example.com', password: 'admin-pass-123' };
const JSON_API = 'application/vnd.api+json';
const leftovers = new Set<number>();
const folders: string[] = [];

after(async () => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  for (const dir of folders) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

/** The pids of every process whose command line mentions `text` (pgrep -f), this test's own excluded. */
function processesWith(text: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', text], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** `pid` and every process under it, from one `ps` listing. */
function treeOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const line of execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child && parent) children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Running, and not a zombie waiting for a parent (or an init) that does not reap it. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

type Started = { npm: ChildProcess; url: string; dataDir: string };

async function npmStart(): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'dd-stop-'));
  folders.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
  });
  // Its own process group, as a supervisor's child would be, so the test runner's signals stay out.
  const npm = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: 'ignore', detached: true });
  if (npm.pid) leftovers.add(npm.pid);
  const deadline = Date.now() + 90_000;
  while (!(await healthy(url))) {
    if (Date.now() > deadline) throw new Error('npm start did not answer /api/health in 90 s');
    await sleep(250);
  }
  for (const pid of processesWith(dataDir)) leftovers.add(pid);
  return { npm, url, dataDir };
}

/** Signs in as the first admin and opens the live event stream; `ended` settles when the server closes it. */
async function openEventStream(url: string): Promise<{ ended: Promise<void> }> {
  const login = await fetch(`${url}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': JSON_API, origin: url },
    body: JSON.stringify({
      data: { type: 'user', attributes: { login: ADMIN.login, password: ADMIN.password } },
    }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  const { data } = (await login.json()) as { data: { attributes: { token: string } } };
  const stream = await fetch(`${url}/api/events`, {
    headers: { authorization: `Bearer ${data.attributes.token}`, accept: 'text/event-stream' },
  });
  assert.equal(stream.status, 200);
  const reader = stream.body!.getReader();
  // Wrapped: an async function returning a bare promise would make the caller's await wait for the end.
  const ended = (async () => {
    try {
      while (!(await reader.read()).done) {}
    } catch {}
  })();
  return { ended };
}

/** The process of the tree whose command line ends with `entry`. */
function pidRunning(tree: number[], entry: string): number | undefined {
  return tree.find((pid) => {
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
        .trim()
        .endsWith(entry);
    } catch {
      return false;
    }
  });
}

const targets: Record<string, (npmPid: number, tree: number[]) => number | undefined> = {
  "npm start's process": (npmPid) => npmPid,
  'node scripts/start.mjs': (_pid, tree) => pidRunning(tree, 'scripts/start.mjs'),
  'the server': (_pid, tree) => pidRunning(tree, join('apps', 'api', 'dist', 'server.js')),
};

for (const [name, pidOf] of Object.entries(targets)) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`${signal} to ${name} stops everything within ${STOP_BUDGET_MS / 1000} s`, async () => {
      const started = await npmStart();
      const stream = await openEventStream(started.url);
      const tree = treeOf(started.npm.pid!);
      for (const pid of tree) leftovers.add(pid);
      const postgres = processesWith(started.dataDir);
      assert.ok(postgres.length > 0, 'the embedded PostgreSQL runs in DATA_DIR');
      const pid = pidOf(started.npm.pid!, tree);
      assert.ok(pid, `found the pid of ${name} in ${tree.join(' ')}`);

      const t0 = Date.now();
      process.kill(pid, signal);
      let left: number[] = [];
      while (Date.now() - t0 < STOP_BUDGET_MS + 5_000) {
        left = [...tree, ...postgres, ...processesWith(started.dataDir)].filter(alive);
        if (left.length === 0 && !(await healthy(started.url))) break;
        await sleep(100);
      }
      const tookMs = Date.now() - t0;
      console.log(`# ${signal} to ${name}: nothing left after ${tookMs} ms`);
      assert.deepEqual(left, [], `still running ${tookMs} ms after ${signal}`);
      assert.equal(await healthy(started.url), false, 'the port answers no more');
      assert.ok(tookMs <= STOP_BUDGET_MS, `stopped in ${tookMs} ms`);
      await stream.ended; // the open stream was closed, not left hanging
    });
  }
}
