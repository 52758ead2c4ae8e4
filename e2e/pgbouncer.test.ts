// The app behind Debian's PgBouncer in transaction mode, the usual front of a managed PostgreSQL
// (docs/adr/0046-pgbouncer-and-a-direct-connection.md): DATABASE_URL through a real pgbouncer with a
// pool of 3 server connections, DATABASE_DIRECT_URL to the server itself for what needs a session.
// Driven over HTTP as a browser does: sign-in, a burst of concurrent reads (named statements failed 83 of
// 90 of those before), a board change seen live on a second session's event stream (a LISTEN through
// the pooler heard 0 of 5 notifications), a mail job delivered, and a booking. The server behind it:
// a fresh database on TEST_DATABASE_URL's server when set, else a throwaway embedded PostgreSQL 18.
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { type EmbeddedServer, startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { freePort, type RunningApp, startApp } from './support/app.ts';
import { DEMO_CLIENT, DEMO_PROJECT_MANAGER, demoTokenOf, firstProjectOf } from './support/demo-agency.ts';
import { type Mailbox, startMailbox } from './support/mailbox.ts';
import { repoRoot } from './support/paths.ts';

const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
const JSON_API = 'application/vnd.api+json';

let tmp = '';
let embedded: EmbeddedServer | undefined;
let databaseName = '';
let directUrl = '';
let bouncerUrl = '';
let bouncer: ChildProcess | undefined;
let bouncerLog = '';
let app: RunningApp | undefined;
let mailbox: Mailbox | undefined;

/** A pgbouncer `[databases]` line for a libpq URL (TCP host or the embedded server's socket folder). */
function bouncerTarget(url: string): string {
  const u = new URL(url);
  const host = u.searchParams.get('host') ?? u.hostname;
  const parts = [
    `host=${host}`,
    `port=${u.port || u.searchParams.get('port') || '5432'}`,
    `dbname=${decodeURIComponent(u.pathname.slice(1))}`,
    `user=${decodeURIComponent(u.username || 'postgres')}`,
  ];
  if (u.password) parts.push(`password=${decodeURIComponent(u.password)}`);
  return parts.join(' ');
}

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${app!.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': JSON_API } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { data: unknown }) : { data: null } };
}

before(async () => {
  assert.ok(existsSync(PGBOUNCER), `${PGBOUNCER} is missing: apt-get install -y pgbouncer (npm test does)`);
  tmp = await mkdtemp(join(tmpdir(), 'dd-pgbouncer-'));
  // pgbouncer refuses to run as root: then it drops to another user, who must read its config here.
  await chmod(tmp, 0o755);
  if (process.env.TEST_DATABASE_URL) {
    databaseName = `dd_bouncer_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${databaseName}`;
    directUrl = url.toString();
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: join(tmp, 'db') });
    directUrl = embedded.url();
  }
  // The demo agency, written directly (seeding is not what is tried here).
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed-demo.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: directUrl, DATABASE_DIRECT_URL: '', LOG_LEVEL: 'warn' },
  });

  const port = await freePort();
  const user = decodeURIComponent(new URL(directUrl).username || 'postgres');
  await writeFile(join(tmp, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
  const config = join(tmp, 'pgbouncer.ini');
  await writeFile(
    config,
    [
      '[databases]',
      `app = ${bouncerTarget(directUrl)}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(tmp, 'userlist.txt')}`,
      'pool_mode = transaction',
      // Fewer server connections than the app's pool: clients really share them.
      'default_pool_size = 3',
      'max_client_conn = 200',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  // As root it must drop to another user: `postgres` (who runs the embedded server and may enter its
  // socket folder) where it exists, else `nobody`.
  const asUser = spawnSync('id', ['-u', 'postgres']).status === 0 ? 'postgres' : 'nobody';
  const args = process.getuid?.() === 0 ? ['-u', asUser, config] : [config];
  bouncer = spawn(PGBOUNCER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  bouncer.stdout?.on('data', (chunk: Buffer) => (bouncerLog += chunk.toString()));
  bouncer.stderr?.on('data', (chunk: Buffer) => (bouncerLog += chunk.toString()));
  bouncerUrl = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/app`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new pg.Client({ connectionString: bouncerUrl });
    try {
      await probe.connect();
      const { rows } = await probe.query<{ n: number }>('select 1 as n');
      assert.equal(rows[0]!.n, 1);
      await probe.end();
      break;
    } catch (error) {
      await probe.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`pgbouncer did not answer: ${error}\n${bouncerLog}`);
      await sleep(200);
    }
  }
  mailbox = await startMailbox();
  app = await startApp({
    env: {
      DATABASE_URL: bouncerUrl,
      DATABASE_DIRECT_URL: directUrl,
      SMTP_URL: mailbox.smtpUrl,
      JOBS_POLL_MS: '60000',
    },
  });
});

after(async () => {
  await app?.stop();
  await mailbox?.close();
  bouncer?.kill('SIGTERM');
  if (bouncer && bouncer.exitCode === null) await new Promise((resolve) => bouncer!.once('exit', resolve));
  if (databaseName) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  await embedded?.release();
  if (tmp) await rm(tmp, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

test('sign-in and a burst of 90 concurrent reads through pgbouncer all answer 200', async () => {
  const token = await demoTokenOf(app!.url, DEMO_CLIENT);
  const projectId = await firstProjectOf(app!.url, token);
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('GET', i % 2 ? `/api/project/${projectId}` : '/api/authorization/check', token),
      ),
    );
    statuses.push(...answers.map((a) => a.status));
  }
  assert.deepEqual(
    statuses.filter((s) => s !== 200),
    [],
    `every read answers 200\n${app!.logTail(20)}`,
  );
});

test('a board change is seen live on a second session, a mail job is delivered, a call is booked', async () => {
  const pm = await demoTokenOf(app!.url, DEMO_PROJECT_MANAGER);
  const watcher = await demoTokenOf(app!.url, DEMO_PROJECT_MANAGER);
  const client = await demoTokenOf(app!.url, DEMO_CLIENT);
  const projectId = await firstProjectOf(app!.url, client);

  const controller = new AbortController();
  const stream = await fetch(`${app!.url}/api/events`, {
    headers: { authorization: `Bearer ${watcher}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  assert.equal(stream.status, 200);
  const received: Array<{ type: string; id: string }> = [];
  void (async () => {
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) received.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  try {
    await sleep(300);
    const created = await call('POST', '/api/task/create', pm, {
      data: {
        type: 'task',
        attributes: { title: 'Seen live through pgbouncer' },
        relationships: { project: { data: { type: 'project', id: String(projectId) } } },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body).slice(0, 300));
    const taskId = String((created.body.data as { id: string }).id);
    const deadline = Date.now() + 5_000;
    while (!received.some((e) => e.type === 'task' && e.id === taskId) && Date.now() < deadline)
      await sleep(50);
    assert.ok(
      received.some((e) => e.type === 'task' && e.id === taskId),
      `the second session's stream got the new task (got ${JSON.stringify(received).slice(0, 300)})`,
    );
  } finally {
    controller.abort();
  }

  // A mail job: the worker (on the direct connection, hearing LISTEN; polling only once a minute here)
  // sends the reset mail within seconds.
  const started = Date.now();
  const forgot = await fetch(`${app!.url}/api/authorization/forgot`, {
    method: 'POST',
    headers: { 'content-type': JSON_API },
    body: JSON.stringify({ data: { type: 'user', attributes: { email: DEMO_CLIENT } } }),
  });
  assert.equal(forgot.status, 200);
  const mail = await mailbox!.waitForMail(DEMO_CLIENT, undefined, 15_000);
  assert.match(mail.subject ?? '', /password/i);
  assert.ok(Date.now() - started < 15_000);

  // A booking: the first free slot the server offers to the client.
  const timezone = 'America/New_York';
  const slots = await call(
    'GET',
    `/api/scheduled-call/available-slots?timezone=${encodeURIComponent(timezone)}`,
    client,
  );
  assert.equal(slots.status, 200);
  const first = (slots.body.data as Array<{ attributes: { slots: Array<{ scheduled: string }> } }>)
    .flatMap((day) => day.attributes.slots)
    .at(0);
  assert.ok(first, 'a free slot is offered');
  const booked = await call('POST', '/api/scheduled-call/create', client, {
    data: {
      type: 'scheduled-call',
      attributes: { project_id: projectId, scheduled: first.scheduled, timezone },
    },
  });
  assert.equal(booked.status, 201, JSON.stringify(booked.body).slice(0, 300));
});
