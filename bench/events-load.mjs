// npm run bench:events — docs/product.md §F3: 500 open event streams on the embedded PostgreSQL (one app
// process, the built server), a burst of 100 board writes by a projectManager, and three figures with
// their budgets:
//   - delivery: from sending a write to its event reaching EVERY eligible stream (p50/p99 ≤ 2 s);
//     eligibility is decided by the server's own rule (mayReceive), and a stream that is not eligible must
//     receive nothing of it;
//   - reads: p99 of GET /api/task/:id answered during the burst (≤ 50 ms);
//   - memory: the server process's peak RSS (< 400 MB).
// Run with tsx (it imports the server's TypeScript for seeding): `npx tsx bench/events-load.mjs`.
// BENCH_SERVER_ENTRY points at another build (default apps/api/dist/server.js; `npm run build` first).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { connect } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { seedLookups } from '../apps/api/src/db/seed-lookups.ts';
import { createSession } from '../apps/api/src/modules/auth/sessions.ts';
import { mayReceive } from '../apps/api/src/modules/events/live-event.ts';
import { poolEnv } from './app-server.ts';
import { timedRequest } from './timed-request.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? path.join(root, 'apps/api/dist/server.js');
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const WRITES = Number(process.env.BENCH_WRITES ?? 100);
const PROJECTS = 20;
const BUDGET = { deliveryP99Ms: 2000, deliveryP50Ms: 2000, readP99Ms: 50, rssMb: 400 };

if (!existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: run \`npm run build\` first (or set BENCH_SERVER_ENTRY).`);
  process.exit(2);
}

const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

const tmp = await mkdtemp(path.join(tmpdir(), 'dd-bench-events-'));
await chmod(tmp, 0o711); // as root, the embedded PostgreSQL runs as `postgres` and must pass through
const embedded = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'db') });
const database = connect(embedded.url(), 'postgres', { max: 4 });
let exitCode = 1;
try {
  // --- Seed: 20 projects; the 500 stream users spread over them, of every kind the rules tell apart.
  await database.migrate();
  await seedLookups(database.db);
  const db = database.db;
  const mix = [
    ['client', 0.4],
    ['developer', 0.3],
    ['projectManager', 0.12],
    ['accountManager', 0.06],
    ['readonlyManager', 0.06],
    ['admin', 0.06],
  ];
  const roles = [];
  for (const [role, share] of mix) for (let i = 0; i < Math.round(share * STREAMS); i++) roles.push(role);
  while (roles.length < STREAMS) roles.push('developer');
  roles.length = STREAMS;
  const people = await db
    .insert(schema.users)
    .values(
      [...roles, 'projectManager'].map((role, i) => ({
        name: `Bench ${role} ${i}`,
        login: `bench-${i}@example.com`,
        email: `bench-${i}@example.com`,
        phone: '5550101',
        role,
        passwordHash: 'x',
        timezone: 'UTC',
      })),
    )
    .returning({ id: schema.users.id, role: schema.users.role });
  const writer = people.pop();
  const clients = people.filter((p) => p.role === 'client');
  const projectIds = [];
  for (let i = 0; i < PROJECTS; i++) {
    const owner = clients[i];
    const [project] = await db
      .insert(schema.projects)
      .values({ title: `Bench project ${i}`, ownerId: owner.id, description: 'Load' })
      .returning({ id: schema.projects.id });
    projectIds.push(project.id);
  }
  // Members: every person on one project (round-robin), the writer on all of them.
  const kindOf = { client: 'client', developer: 'developer', projectManager: 'projectManager' };
  const members = people
    .map((person, i) => ({ person, projectId: projectIds[i % PROJECTS] }))
    .filter(({ person }) => kindOf[person.role])
    .map(({ person, projectId }) => ({ projectId, userId: person.id, kind: kindOf[person.role] }));
  members.push(...projectIds.map((projectId) => ({ projectId, userId: writer.id, kind: 'projectManager' })));
  await db.insert(schema.projectMembers).values(members);
  const seededTasks = await db
    .insert(schema.tasks)
    .values(
      Array.from({ length: WRITES }, (_, i) => ({
        projectId: projectIds[i % PROJECTS],
        title: `Seeded ${i}`,
        position: i,
        requesterId: writer.id,
      })),
    )
    .returning({ id: schema.tasks.id, projectId: schema.tasks.projectId });
  const now = new Date();
  const tokens = [];
  for (const person of people)
    tokens.push((await createSession(db, { userId: person.id, remember: true, now })).token);
  const writerToken = (await createSession(db, { userId: writer.id, remember: true, now })).token;

  // --- The server: the built bundle, alone in its process, on the same embedded PostgreSQL.
  const port = 20000 + Math.floor(Math.random() * 20000);
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: embedded.url(),
      DATA_DIR: path.join(tmp, 'app'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ADMIN_EMAIL: 'bench-admin@example.com',
      ADMIN_PASSWORD: 'bench-admin-123',
      // It stands for `npm start` on its embedded server (reached by URL so the bench can seed it).
      ...poolEnv('embedded'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(server);
  server.on('exit', (code, signal) => console.log(`server exited: ${code} ${signal}`));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {}
    if (i > 300) throw new Error('the server did not start');
    await sleep(100);
  }
  let peakRss = 0;
  const rssOf = () => {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  const rssTimer = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssOf());
    } catch {}
  }, 100);

  // --- 500 streams, each parsing its frames: task id → arrival time.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams = people.map((person, i) => ({
    actor: { id: person.id, role: person.role },
    token: tokens[i],
    got: new Map(),
  }));
  const openStart = Date.now();
  await Promise.all(
    streams.map(
      (stream) =>
        new Promise((resolve, reject) => {
          const req = http.get(
            `${base}/api/events`,
            { agent, headers: { authorization: `Bearer ${stream.token}`, accept: 'text/event-stream' } },
            (res) => {
              if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
              res.setEncoding('utf8');
              res.on('error', (error) => {
                stream.error = error.message;
              });
              res.on('close', () => {
                stream.closed = true;
              });
              let buffer = '';
              res.on('data', (chunk) => {
                buffer += chunk;
                let end = buffer.indexOf('\n\n');
                while (end >= 0) {
                  const frame = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  const line = frame.split('\n').find((l) => l.startsWith('data: '));
                  if (line) {
                    const event = JSON.parse(line.slice(6));
                    if (event.type === 'task') stream.got.set(`${event.id}`, Date.now());
                  }
                  end = buffer.indexOf('\n\n');
                }
              });
              resolve();
            },
          );
          req.on('error', (error) => {
            stream.error = error.message;
            reject(error);
          });
          stream.req = req;
        }),
    ),
  );
  console.log(
    `${streams.length} streams open in ${Date.now() - openStart} ms; server RSS ${rssOf().toFixed(0)} MB`,
  );
  await sleep(1000);

  // --- Reads during the burst: GET /api/task/:id as a developer, 4 at a time.
  const reader = streams.find((s) => s.actor.role === 'developer');
  const writeAgent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const getJson = (method, url, token, body) =>
    timedRequest({ agent: writeAgent, base, method, url, token, body });
  // The reads run in a worker thread (bench/events-reader.mjs): timed on this thread, a read's answer
  // waited for the parsing of 500 streams' frames before it was seen. First 2 s with no writes: the
  // reference on this machine at this moment.
  const readerThread = new Worker(new URL('./events-reader.mjs', import.meta.url), {
    workerData: { base, token: reader.token, taskIds: seededTasks.map((t) => t.id) },
  });
  const fromReader = (phase) =>
    new Promise((resolve) => {
      const listen = (message) => {
        if (message.phase !== phase) return;
        readerThread.off('message', listen);
        resolve(message);
      };
      readerThread.on('message', listen);
    });
  const rested = fromReader('rest');
  readerThread.postMessage({ phase: 'rest', ms: 2000 });
  const restTimes = (await rested).times;
  readerThread.postMessage({ phase: 'start' });
  let readTimes = [];
  let readErrors = [];
  const stopReading = async () => {
    const done = fromReader('burst');
    readerThread.postMessage({ phase: 'stop' });
    ({ times: readTimes, errors: readErrors } = await done);
    await readerThread.terminate();
  };

  // --- The burst: 100 writes (half creates, half moves), 10 in flight at a time.
  const writes = [];
  const jobs = Array.from({ length: WRITES }, (_, i) => i);
  const writeLoops = Array.from({ length: 10 }, async () => {
    for (let i = jobs.shift(); i !== undefined; i = jobs.shift()) {
      const sentAt = Date.now();
      let res;
      let projectId;
      if (i % 2 === 0) {
        projectId = projectIds[i % PROJECTS];
        res = await getJson('POST', '/api/task/create', writerToken, {
          data: {
            type: 'task',
            attributes: { title: `Burst ${i}` },
            relationships: { project: { data: { type: 'project', id: String(projectId) } } },
          },
        });
      } else {
        const task = seededTasks[i];
        projectId = task.projectId;
        res = await getJson('PATCH', `/api/task/${task.id}`, writerToken, {
          data: { type: 'task', attributes: { position: 0 } },
        });
      }
      if (res.status >= 300) throw new Error(`write ${i} answered ${res.status}: ${res.text.slice(0, 300)}`);
      writes.push({ taskId: JSON.parse(res.text).data.id, projectId, sentAt });
    }
  });
  const burstStart = Date.now();
  await Promise.all(writeLoops).catch(async (error) => {
    await stopReading();
    throw error;
  });
  const burstMs = Date.now() - burstStart;

  // Eligibility by the server's own rule, with the project's owner and clients as the event carries them.
  const clientIdsOf = new Map();
  for (const m of members)
    if (m.kind === 'client')
      clientIdsOf.set(m.projectId, [...(clientIdsOf.get(m.projectId) ?? []), m.userId]);
  const ownerOf = new Map(projectIds.map((id, i) => [id, clients[i].id]));
  const expected = writes.map((write) => {
    const event = {
      kind: 'task',
      projectId: write.projectId,
      ownerId: ownerOf.get(write.projectId),
      clientIds: clientIdsOf.get(write.projectId) ?? [],
    };
    return { write, eligible: streams.filter((s) => mayReceive(s.actor, event)) };
  });
  const pairs = expected.reduce((sum, e) => sum + e.eligible.length, 0);
  const deadline = Date.now() + 15_000;
  const missing = () =>
    expected.reduce((sum, e) => sum + e.eligible.filter((s) => !s.got.has(e.write.taskId)).length, 0);
  while (missing() > 0 && Date.now() < deadline) await sleep(20);
  await stopReading();
  clearInterval(rssTimer);

  const delivery = [];
  for (const e of expected) {
    for (const s of e.eligible)
      if (s.got.has(e.write.taskId)) delivery.push(s.got.get(e.write.taskId) - e.write.sentAt);
  }
  let leaked = 0;
  for (const s of streams) {
    for (const e of expected) if (!e.eligible.includes(s) && s.got.has(e.write.taskId)) leaked++;
  }
  const lost = missing();
  if (readErrors.length > 0) console.log(`${readErrors.length} reads failed: ${readErrors[0]}`);
  const broken = streams.filter((s) => s.error || s.closed);
  if (broken.length > 0) console.log(`${broken.length} streams broke: ${broken[0].error ?? 'closed'}`);
  const figures = {
    streams: streams.length,
    writes: writes.length,
    burstMs,
    deliveries: pairs,
    lost,
    leaked,
    deliveryP50: percentile(delivery, 50),
    deliveryP99: percentile(delivery, 99),
    deliveryMax: Math.max(...delivery),
    reads: readTimes.length,
    readP50: percentile(readTimes, 50),
    readP99: percentile(readTimes, 99),
    peakRssMb: peakRss,
  };
  console.log(
    [
      `${figures.writes} writes in ${burstMs} ms to ${figures.streams} streams (${pairs} eligible deliveries, ${lost} missing, ${leaked} to streams not eligible)`,
      `delivery (write sent → event on stream): p50 ${figures.deliveryP50} ms, p99 ${figures.deliveryP99} ms, max ${figures.deliveryMax} ms (budget p99 ≤ ${BUDGET.deliveryP99Ms} ms)`,
      `reads with no writes (reference): ${restTimes.length}, p50 ${percentile(restTimes, 50).toFixed(1)} ms, p99 ${percentile(restTimes, 99).toFixed(1)} ms`,
      `reads during the burst: ${figures.reads}, p50 ${figures.readP50.toFixed(1)} ms, p99 ${figures.readP99.toFixed(1)} ms (budget ≤ ${BUDGET.readP99Ms} ms)`,
      `server peak RSS: ${peakRss.toFixed(0)} MB (budget < ${BUDGET.rssMb} MB)`,
    ].join('\n'),
  );
  const ok =
    lost === 0 &&
    leaked === 0 &&
    figures.deliveryP50 <= BUDGET.deliveryP50Ms &&
    figures.deliveryP99 <= BUDGET.deliveryP99Ms &&
    figures.readP99 <= BUDGET.readP99Ms &&
    peakRss < BUDGET.rssMb;
  console.log(ok ? 'events-load: within budget' : 'events-load: OVER BUDGET');
  exitCode = ok ? 0 : 1;
  for (const s of streams) s.req?.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
} finally {
  for (const child of children) child.kill('SIGKILL');
  await database.close();
  await embedded.release();
  await rm(tmp, { recursive: true, force: true });
}
process.exit(exitCode);
