// The move from the embedded PostgreSQL 18 to a managed PostgreSQL and back, as an operator does it
// (docs/deployment.md, "Moving to a managed PostgreSQL"): `npm run db:export` of the demo agency's
// DATA_DIR, `npm run db:import` into a throwaway database on the machine's PostgreSQL (TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432; 15 on CI), the app started there, then the same back into a
// fresh embedded 18. Every table's row count and checksum are compared at each step; the demo users sign
// in and see the same projects, files (their bytes) and chat; sequences continue (a new message after
// each move gets a higher id, never a duplicate key).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { allChecksums, type TableChecksum, usePortableSettings } from '../apps/api/src/db/portable-data.ts';
import { type RunningApp, startApp } from './support/app.ts';
import { DEMO_CLIENT, demoTokenOf, firstProjectOf, seedDemoAgency } from './support/demo-agency.ts';
import { repoRoot } from './support/paths.ts';

const JSON_API = 'application/vnd.api+json';
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let tmp = '';
let databaseName = '';
let managedUrl = '';
let server: { version: string } = { version: '' };
const running = new Set<RunningApp>();

/** The same server URL on another database. */
function onDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs an npm script of the README as the operator would; answers its output. */
async function npmRun(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_DIRECT_URL: '', LOG_LEVEL: 'warn', ...env },
    maxBuffer: 10_000_000,
  });
  return `${stdout}${stderr}`;
}

/** Every table's checksum, in a transaction with the export's settings. */
async function checksumsOf(options: { databaseUrl?: string; dataDir?: string }) {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl ?? null,
    dataDir: options.dataDir ?? join(tmp, 'unused'),
  });
  const client = await database.pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await usePortableSettings(client);
    const sums = await allChecksums(client);
    await client.query('commit');
    return sums;
  } finally {
    client.release();
    await database.close();
  }
}

async function call(app: RunningApp, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': JSON_API } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as { data: unknown; included?: unknown[] }) : { data: null };
}

type Seen = {
  projects: string[];
  files: Array<{ id: string; title: string; sha256: string }>;
  chat: string[];
};

/** What the demo client sees: its projects, the first one's files (with their bytes) and chat. */
async function whatTheClientSees(app: RunningApp): Promise<Seen> {
  const token = await demoTokenOf(app.url, DEMO_CLIENT);
  const mine = (await call(app, 'GET', '/api/project/mine', token)).data as Array<{
    id: string;
    attributes: { title: string };
  }>;
  const projectId = await firstProjectOf(app.url, token);
  const page = await call(app, 'GET', `/api/project/${projectId}?include=file`, token);
  const files: Seen['files'] = [];
  for (const file of (page.included ?? []) as Array<{
    id: string;
    type: string;
    attributes: { title: string };
  }>) {
    if (file.type !== 'file') continue;
    const bytes = await fetch(`${app.url}/api/file/${file.id}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(bytes.status, 200, `download of file ${file.id}`);
    const sha256 = createHash('sha256')
      .update(Buffer.from(await bytes.arrayBuffer()))
      .digest('hex');
    files.push({ id: file.id, title: file.attributes.title, sha256 });
  }
  const chat = (await call(app, 'GET', `/api/project/${projectId}/messages`, token)).data as Array<{
    id: string;
    attributes: { body: string };
  }>;
  return {
    projects: mine.map((p) => `${p.id} ${p.attributes.title}`).sort(),
    files: files.sort((a, b) => a.id.localeCompare(b.id)),
    chat: chat.map((m) => `${m.id} ${m.attributes.body}`).sort(),
  };
}

/** A session of the app's first admin. */
async function adminToken(app: RunningApp): Promise<string> {
  const response = await fetch(`${app.url}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': JSON_API },
    body: JSON.stringify({ data: { attributes: { login: app.admin.email, password: app.admin.password } } }),
  });
  assert.equal(response.status, 200, 'the admin signs in');
  return ((await response.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}

/** The admin posts in the client's project; answers the new message's id. */
async function postMessage(app: RunningApp, body: string): Promise<number> {
  const client = await demoTokenOf(app.url, DEMO_CLIENT);
  const projectId = await firstProjectOf(app.url, client);
  const token = await adminToken(app);
  const posted = await call(app, 'POST', `/api/project/${projectId}/messages`, token, {
    data: { type: 'message', attributes: { body } },
  });
  return Number((posted.data as { id: string }).id);
}

async function withApp<T>(options: Parameters<typeof startApp>[0], work: (app: RunningApp) => Promise<T>) {
  const app = await startApp(options);
  running.add(app);
  try {
    return await work(app);
  } finally {
    running.delete(app);
    await app.stop();
  }
}

const assertSameTables = (
  actual: Record<string, TableChecksum>,
  expected: Record<string, TableChecksum>,
  step: string,
) => {
  assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${step}: the same tables`);
  for (const [table, sum] of Object.entries(expected)) {
    assert.deepEqual(actual[table], sum, `${step}: ${table} has the same rows`);
  }
};

before(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'dd-move-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to pass through this folder.
  await chmod(tmp, 0o711);
  databaseName = `dd_move_${randomBytes(4).toString('hex')}`;
  server = await onServer(async (client) => {
    await client.query(`create database ${databaseName}`);
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return { version: rows[0]!.server_version };
  });
  managedUrl = onDatabase(serverUrl, databaseName);
});

after(async () => {
  for (const app of running) await app.stop();
  if (databaseName) {
    await onServer((c) => c.query(`drop database if exists ${databaseName} with (force)`)).catch(() => {});
  }
  if (tmp) await rm(tmp, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

test('the demo agency moves from the embedded PostgreSQL 18 to the managed server and back, nothing lost', async (t) => {
  t.diagnostic(`managed server: PostgreSQL ${server.version}`);
  const source = join(tmp, 'source');
  const back = join(tmp, 'back');

  // The agency at work on the embedded server: the demo data, a 1 MB upload (two chunks), a chat message.
  await seedDemoAgency(source);
  const upload = randomBytes(1_000_000);
  const before = await withApp({ dataDir: source }, async (app) => {
    const token = await adminToken(app);
    const projectId = await firstProjectOf(app.url, await demoTokenOf(app.url, DEMO_CLIENT));
    await call(app, 'POST', `/api/project/${projectId}/upload-file`, token, {
      data: {
        type: 'file',
        attributes: {
          title: 'before-the-move.bin',
          data: `data:application/zip;base64,${upload.toString('base64')}`,
        },
      },
    });
    const lastId = await postMessage(app, 'Written on the embedded server');
    return { seen: await whatTheClientSees(app), lastId };
  });
  const uploadSha = createHash('sha256').update(upload).digest('hex');
  assert.ok(
    before.seen.files.some((f) => f.sha256 === uploadSha),
    'the upload is there before the move',
  );
  assert.ok(before.seen.chat.some((m) => m.endsWith('Written on the embedded server')));
  const sourceSums = await checksumsOf({ dataDir: source });
  assert.ok((sourceSums['public.file_chunks']?.rows ?? 0) >= 2, 'file bytes are rows of file_chunks');
  assert.ok(
    (sourceSums['graphile_worker._private_known_crontabs']?.rows ?? 0) >= 1,
    'the job queue has rows',
  );

  // Out of the embedded server, into the managed one.
  const there = join(tmp, 'there.export.gz');
  const exported = await npmRun('db:export', [there], { DATA_DIR: source, DATABASE_URL: '' });
  assert.match(exported, /Exported \d+ rows of \d+ tables/);
  const imported = await npmRun('db:import', [there], { DATABASE_URL: managedUrl });
  assert.match(imported, /every table's row count and checksum match the export/);
  assertSameTables(
    await checksumsOf({ databaseUrl: managedUrl }),
    sourceSums,
    `on PostgreSQL ${server.version}`,
  );

  // The app on the managed server: the same projects, files and chat; the next message gets the next id.
  const onManaged = await withApp({ env: { DATABASE_URL: managedUrl } }, async (app) => {
    assert.deepEqual(await whatTheClientSees(app), before.seen, 'the client sees the same after the move');
    const id = await postMessage(app, `Written on PostgreSQL ${server.version}`);
    assert.ok(id > before.lastId, `the message sequence continues (${id} after ${before.lastId})`);
    return { seen: await whatTheClientSees(app), lastId: id };
  });
  const managedSums = await checksumsOf({ databaseUrl: managedUrl });

  // And back into a fresh embedded server.
  const home = join(tmp, 'home.export');
  await npmRun('db:export', [home], { DATABASE_URL: managedUrl });
  await npmRun('db:import', [home], { DATA_DIR: back, DATABASE_URL: '' });
  assertSameTables(await checksumsOf({ dataDir: back }), managedSums, 'back on the embedded server');
  await withApp({ dataDir: back }, async (app) => {
    assert.deepEqual(
      await whatTheClientSees(app),
      onManaged.seen,
      'the client sees the same after the move back',
    );
    const id = await postMessage(app, 'Written back home');
    assert.ok(id > onManaged.lastId, `the message sequence continues (${id} after ${onManaged.lastId})`);
  });
});

test('db:import refuses a database that already holds data, and leaves it as it was', async () => {
  const file = join(tmp, 'again.export');
  await npmRun('db:export', [file], { DATABASE_URL: managedUrl });
  const sums = await checksumsOf({ databaseUrl: managedUrl });
  await assert.rejects(
    npmRun('db:import', [file], { DATABASE_URL: managedUrl }),
    (error: Error & { stderr?: string }) => {
      assert.match(String(error.stderr), /db:import refused: the database already holds data/);
      return true;
    },
  );
  assertSameTables(await checksumsOf({ databaseUrl: managedUrl }), sums, 'after the refusal');
});
