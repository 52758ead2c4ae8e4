// npm run bench:chat — the project chat at scale (docs/adr/0022-project-chat.md): 1,000,000 messages,
// 100,000 of them in one project, on the embedded PostgreSQL with the built server in its own process and
// 500 open event streams. Three rows with their budgets, beside a bare Fastify route measured in the
// same run at the same concurrency (10):
//   - the newest page of the big project (GET /api/project/{id}/messages), p99 ≤ 20 ms;
//   - posting (POST /api/project/{id}/messages, 10 users, each under the 30-a-minute limit), p99 ≤ 30 ms;
//   - search in the big project (filter[q]), p99 ≤ 50 ms.
// Seeded messages are over a day old, so the missed-message mail stays out of the timings.
// Run with tsx: `npx tsx bench/chat-load.mjs` (it bundles this checkout's server; BENCH_SERVER_ENTRY for
// another build, BENCH_SERVER_NODE_ARGS for node flags such as --cpu-prof).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { connect } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { seedLookups } from '../apps/api/src/db/seed-lookups.ts';
import { createSession } from '../apps/api/src/modules/auth/sessions.ts';
import { poolEnv, postgresCpuMs, processCpuMs, serverEntry, startAppServer } from './app-server.ts';
import { statementSettings, statementsPerRequest, statementsSnapshot } from './statements.ts';
import { timedRequest } from './timed-request.mjs';

// A fresh bundle of this checkout, or BENCH_SERVER_ENTRY (bench/app-server.ts).
const entry = serverEntry();
const TOTAL = Number(process.env.BENCH_CHAT_MESSAGES ?? 1_000_000);
const BIG = Number(process.env.BENCH_CHAT_BIG ?? 100_000);
const PROJECTS = 100;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const USERS = 10;
const BUDGET = { pageP99Ms: 20, postP99Ms: 30, searchP99Ms: 50 };
const WORDS = [
  'invoice',
  'staging',
  'deploy',
  'design',
  'logo',
  'checkout',
  'meeting',
  'budget',
  'review',
  'bug',
];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const children = [];

/** `count` requests by `concurrency` callers in parallel; answers the latencies (ms) and any bad status. */
async function load(concurrency, count, request) {
  const times = [];
  const failures = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < count) {
        const i = next++;
        const res = await request(worker, i);
        if (res.status >= 300) failures.push(`${res.status} ${res.text?.slice(0, 120)}`);
        times.push(res.ms);
      }
    }),
  );
  return { times, failures };
}

const tmp = await mkdtemp(path.join(tmpdir(), 'dd-bench-chat-'));
await chmod(tmp, 0o711);
const dbDir = path.join(tmp, 'db');
// pg_stat_statements: statements per request and their planning and execution time, which the load
// barely moves (planning is counted: a statement planned afresh on every request showed only there).
const embedded = await startEmbeddedPostgres({
  dataDir: dbDir,
  settings: statementSettings,
});
const database = connect(embedded.url(), 'postgres', { max: 4 });
let exitCode = 1;
try {
  await database.migrate();
  await seedLookups(database.db);
  const db = database.db;
  const people = await db
    .insert(schema.users)
    .values(
      Array.from({ length: STREAMS }, (_, i) => ({
        name: `Bench person ${i}`,
        login: `bench-${i}@example.com`,
        email: `bench-${i}@example.com`,
        phone: '5550101',
        role: i % 5 === 0 ? 'client' : 'developer',
        passwordHash: 'x',
        timezone: 'UTC',
      })),
    )
    .returning({ id: schema.users.id, role: schema.users.role });
  const owner = people.find((p) => p.role === 'client');
  const projects = await db
    .insert(schema.projects)
    .values(Array.from({ length: PROJECTS }, (_, i) => ({ title: `Chat project ${i}`, ownerId: owner.id })))
    .returning({ id: schema.projects.id });
  const big = projects[0].id;
  const developers = people.filter((p) => p.role === 'developer');
  const writers = developers.slice(0, USERS);
  // Ten more members who post only in the warm-up, so the timed posters start under their limit.
  const warmers = developers.slice(USERS, 2 * USERS);
  await db
    .insert(schema.projectMembers)
    .values([
      { projectId: big, userId: owner.id, kind: 'client' },
      ...[...writers, ...warmers].map((w) => ({ projectId: big, userId: w.id, kind: 'developer' })),
    ]);
  const seedStart = Date.now();
  // 100,000 in the big project, the rest spread over the others; bodies of a few words each.
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  await db.execute(sql`
    insert into messages (project_id, author_id, body, created_at)
    select case when g <= ${BIG} then ${big}::int else ${projects[1].id}::int + (g % ${PROJECTS - 1}) end,
      ${writers[0].id}::int,
      'Message ' || g || ' about the ' || (${sql.raw(words)})[1 + g % 10] || ' and the ' || (${sql.raw(words)})[1 + (g / 10) % 10],
      now() - interval '1 day' - make_interval(secs => ${TOTAL} - g)
    from generate_series(1, ${TOTAL}) g`);
  await db.execute(sql`vacuum analyze messages`);
  console.log(
    `seeded ${TOTAL} messages (${BIG} in one project) in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`,
  );
  const now = new Date();
  const tokens = [];
  for (const person of people)
    tokens.push((await createSession(db, { userId: person.id, remember: true, now })).token);
  const tokenOf = new Map(people.map((p, i) => [p.id, tokens[i]]));

  // The built server in its own process, as every bench row runs it (bench/app-server.ts).
  const server = await startAppServer('chat server', entry, embedded.url(), {
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: 'bench-admin-123',
    ...poolEnv('embedded'),
  });
  children.push(server);
  const base = server.base;
  console.log(
    `app server pid ${server.pid}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // 500 open streams, read and discarded on a thread of their own (bench/stream-holder.mjs).
  const holder = new Worker(new URL('./stream-holder.mjs', import.meta.url), {
    workerData: { base, tokens },
  });
  const opened = await new Promise((resolve, reject) => {
    holder.once('message', resolve);
    holder.once('error', reject);
  });
  if (opened.error) throw new Error(opened.error);
  const closeStreams = () =>
    new Promise((resolve) => {
      holder.once('message', (m) => resolve(m.frames));
      holder.postMessage('close');
    });
  console.log(`${opened.open} event streams open`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
  const call = (token, method, url, body) => timedRequest({ agent, base, method, url, token, body });
  const reader = tokenOf.get(writers[1].id);
  // Warm up (prepared statements, JIT) before any timing: posts first (every pooled connection has
  // then run the post's prepared statement past PostgreSQL's five custom plans), then the reads, which
  // also keep the newest page again after the posts.
  await load(USERS, USERS * 12, (worker, i) =>
    call(tokenOf.get(warmers[worker].id), 'POST', `/api/project/${big}/messages`, {
      data: { type: 'message', attributes: { body: `Warm-up post ${i}` } },
    }),
  );
  await load(USERS, 1000, () => call(reader, 'GET', `/api/project/${big}/messages?page[size]=30`));
  await load(USERS, 300, (_w, i) =>
    call(reader, 'GET', `/api/project/${big}/messages?filter[q]=${WORDS[i % 10]}`),
  );

  // The reference: a bare Fastify route answering the same size of JSON, same concurrency.
  const bare = Fastify();
  const sample = (await call(reader, 'GET', `/api/project/${big}/messages?page[size]=30`)).text;
  bare.get('/bare', async (_request, reply) => reply.type('application/json').send(sample));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${bare.server.address().port}`;
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: USERS });
  await load(USERS, 200, () => timedRequest({ agent: bareAgent, base: bareBase, url: '/bare', token: 'x' }));
  const reference = await load(USERS, 1000, () =>
    timedRequest({ agent: bareAgent, base: bareBase, url: '/bare', token: 'x' }),
  );

  // CPU time the server and PostgreSQL spend per request of a phase: unlike latency, the load of other
  // work on the machine barely moves it.
  const withCpu = async (phase, name) => {
    const statements0 = await statementsSnapshot(db);
    const server0 = processCpuMs(server.pid);
    const pg0 = postgresCpuMs(dbDir);
    const result = await phase();
    result.serverCpuMs = (processCpuMs(server.pid) - server0) / result.times.length;
    result.pgCpuMs = (postgresCpuMs(dbDir) - pg0) / result.times.length;
    const spent = statementsPerRequest(statements0, await statementsSnapshot(db), result.times.length);
    result.statements = spent.statements;
    result.execMs = spent.ms;
    // BENCH_CHAT_STATEMENTS=1: each phase's statements, per request.
    if (process.env.BENCH_CHAT_STATEMENTS === '1')
      console.log([`statements per request, ${name}:`, ...spent.lines].join('\n'));
    return result;
  };
  const page = await withCpu(
    () => load(USERS, 1000, () => call(reader, 'GET', `/api/project/${big}/messages?page[size]=30`)),
    'newest page',
  );
  const search = await withCpu(
    () =>
      load(USERS, 500, (_w, i) =>
        call(
          reader,
          'GET',
          `/api/project/${big}/messages?filter[q]=${encodeURIComponent(`${WORDS[i % 10]} ${WORDS[(i + 3) % 10]}`)}`,
        ),
      ),
    'search',
  );
  // Each of the 10 users posts 25 messages (under the 30-a-minute limit), all at once.
  const post = await withCpu(
    () =>
      load(USERS, USERS * 25, (worker, i) =>
        call(tokenOf.get(writers[worker].id), 'POST', `/api/project/${big}/messages`, {
          data: { type: 'message', attributes: { body: `Bench post ${i} about the staging deploy` } },
        }),
      ),
    'post',
  );
  await bare.close();

  const rows = [
    ['bare Fastify (same JSON)', reference, null],
    ['chat newest page (100k in project, 1M in all)', page, BUDGET.pageP99Ms],
    ['chat post (10 users)', post, BUDGET.postP99Ms],
    ['chat search (filter[q], 100k in project)', search, BUDGET.searchP99Ms],
  ];
  let ok = true;
  console.log(
    '| row | requests | p50 ms | p99 ms | budget p99 | server CPU ms/req | PostgreSQL CPU ms/req | statements/req | statement ms/req (planning + execution) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [name, result, budget] of rows) {
    const p50 = percentile(result.times, 50);
    const p99 = percentile(result.times, 99);
    const within = budget === null || (p99 <= budget && result.failures.length === 0);
    ok &&= within;
    console.log(
      `| ${name} | ${result.times.length} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${budget ?? '—'}${within ? '' : ' OVER'} | ${result.serverCpuMs?.toFixed(2) ?? '—'} | ${result.pgCpuMs?.toFixed(2) ?? '—'} | ${result.statements?.toFixed(2) ?? '—'} | ${result.execMs?.toFixed(3) ?? '—'} |`,
    );
    if (result.failures.length > 0)
      console.log(`  ${result.failures.length} failures, e.g. ${result.failures[0]}`);
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(ok ? 'chat-load: within budget' : 'chat-load: OVER BUDGET');
  console.log(`stream frames read: ${await closeStreams()}`);
  exitCode = ok ? 0 : 1;
} finally {
  // The server stops before its database does (else its pool's sockets break mid-shutdown).
  await Promise.all(children.map((server) => server.stop()));
  await database.close();
  await embedded.release();
  await rm(tmp, { recursive: true, force: true });
}
process.exit(exitCode);
