// node bench/uploads.mjs [stream|json]: runs the built server (apps/api/dist/server.js, or SERVER_ENTRY) on a
// fresh PostgreSQL database, fires UPLOADS concurrent uploads of UPLOAD_BYTES (24,900,000) bytes, each
// by its own user, while polling /api/health, and prints the health p99 and the server's peak RSS against
// the mode's budget:
//   mode    route                                   uploads  health p99   peak RSS
//   stream  POST /api/project/{id}/file/upload        10     < 100 ms     < 600 MB   (raw bytes)
//   json    POST /api/project/{id}/upload-file        20     < 250 ms     < 400 MB   (the product's data-URL body)
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the bench creates
// and drops its own dd_uploads_* database there.
import { fork, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const mode = process.argv[2] ?? 'stream';
if (mode !== 'stream' && mode !== 'json') throw new Error('usage: node bench/uploads.mjs [stream|json]');
const BUDGETS = {
  stream: { uploads: 10, healthP99Ms: 100, rssMb: 600 },
  json: { uploads: 20, healthP99Ms: 250, rssMb: 400 },
};
const BUDGET = BUDGETS[mode];
const UPLOADS = Number(process.env.UPLOADS ?? BUDGET.uploads);
const BYTES = Number(process.env.UPLOAD_BYTES ?? 24_900_000);
const entry = path.resolve(process.env.SERVER_ENTRY ?? 'apps/api/dist/server.js');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Peak and current resident memory of a process, from /proc (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, nowMb: kb('VmRSS') / 1024 };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(port, { method = 'GET', url, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

const dbName = `dd_uploads_${randomBytes(4).toString('hex')}`;
await adminQuery(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
// SERVER_NODE_ARGS: extra node flags for the server, e.g. --cpu-prof to see where its time goes.
const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, entry], {
  env: {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-pass-123',
    WEB_DIST: '/nonexistent',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let exitCode = 1;
try {
  const started = Date.now();
  for (;;) {
    const up = await request(port, { url: '/api/health' }).catch(() => null);
    if (up?.status === 200) break;
    if (Date.now() - started > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }

  // One project, and one admin-level user with a session per upload (a user has at most 3 uploads in flight).
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const { rows: projectRows } = await db.query(
    `insert into projects (title) values ('Upload bench') returning id`,
  );
  const projectId = projectRows[0].id;
  const tokens = [];
  for (let i = 0; i < UPLOADS; i++) {
    const { rows } = await db.query(
      `insert into users (name, login, email, role, password_hash) values ($1, $1, $2, 'admin', 'x') returning id`,
      [`uploader${i}`, `uploader${i}@example.com`],
    );
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `insert into sessions (user_id, token_hash, remember, expires_at) values ($1, $2, 1, now() + interval '1 day')`,
      [rows[0].id, createHash('sha256').update(token).digest('hex')],
    );
    tokens.push(token);
  }

  const bytes = randomBytes(BYTES);
  const jsonBody =
    mode === 'json'
      ? JSON.stringify({
          data: {
            type: 'file',
            attributes: {
              title: 'bench.bin',
              data: `data:application/octet-stream;base64,${bytes.toString('base64')}`,
            },
          },
        })
      : null;
  const before = memoryOf(server.pid);

  // /api/health is polled from its own process, first for 3 s with no upload (the machine's own noise,
  // printed beside the result), then during the uploads.
  const pollHealth = () => {
    const child = fork(fileURLToPath(new URL('./health-poller.mjs', import.meta.url)), [
      JSON.stringify({ port }),
    ]);
    const samples = new Promise((resolve) => child.once('message', resolve));
    return {
      stop: () => {
        child.send('stop');
        return samples;
      },
    };
  };
  const idlePoll = pollHealth();
  await new Promise((r) => setTimeout(r, 3000));
  const idle = await idlePoll.stop();
  const busyPoll = pollHealth();
  await new Promise((r) => setTimeout(r, 200));
  const t0 = performance.now();
  const cpuBefore = cpuSecondsOf(server.pid);
  const results = await Promise.all(
    tokens.map((token) =>
      mode === 'json'
        ? request(port, {
            method: 'POST',
            url: `/api/project/${projectId}/upload-file`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
            body: jsonBody,
          })
        : request(port, {
            method: 'POST',
            url: `/api/project/${projectId}/file/upload`,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/octet-stream',
              'content-length': String(BYTES),
              'x-file-name': 'bench.bin',
            },
            body: bytes,
          }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const health = await busyPoll.stop();
  const after = memoryOf(server.pid);
  const cpu = cpuSecondsOf(server.pid) - cpuBefore;

  const created = results.filter((r) => r.status === 201).length;
  const { rows: sizes } = await db.query(
    `select count(*)::int as files, coalesce(sum(size), 0)::bigint as bytes from project_files where project_id = $1`,
    [projectId],
  );
  await db.end();

  const sorted = health.map((h) => h.ms).sort((a, b) => a - b);
  const idleSorted = idle.map((h) => h.ms).sort((a, b) => a - b);
  const p99 = quantile(sorted, 0.99);
  const failedHealth = health.filter((h) => !h.ok).length;
  console.log(`mode ${mode}: ${UPLOADS} concurrent uploads of ${BYTES.toLocaleString('en')} bytes`);
  console.log(
    `  uploads: ${created}/${UPLOADS} created in ${seconds.toFixed(1)} s, server CPU ${cpu.toFixed(1)} s (${sizes[0].files} files, ${Number(sizes[0].bytes).toLocaleString('en')} bytes stored)` +
      (created < UPLOADS ? `; other answers: ${results.map((r) => r.status).join(',')}` : ''),
  );
  console.log(
    `  /api/health: ${health.length} polls, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms, ${failedHealth} failed (budget p99 < ${BUDGET.healthP99Ms} ms)`,
  );
  console.log(
    `  /api/health with no upload (machine noise): ${idle.length} polls, p50 ${quantile(idleSorted, 0.5).toFixed(1)} ms, p99 ${quantile(idleSorted, 0.99).toFixed(1)} ms`,
  );
  console.log(
    `  server RSS: ${before.nowMb.toFixed(0)} MB before, peak ${after.peakMb.toFixed(0)} MB (budget < ${BUDGET.rssMb} MB), ${after.nowMb.toFixed(0)} MB after`,
  );
  const pass =
    created === UPLOADS && p99 < BUDGET.healthP99Ms && after.peakMb < BUDGET.rssMb && !failedHealth;
  console.log(pass ? '  within budget' : '  OVER BUDGET');
  exitCode = pass ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  agent.destroy();
  await adminQuery(`drop database if exists ${dbName} with (force)`);
}
process.exit(exitCode);
