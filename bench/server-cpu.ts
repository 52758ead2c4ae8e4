// Server CPU per request, which the machine's load distorts far less than req/s: each build given runs as
// its own app server (bench/app-server.ts) on one fresh embedded PostgreSQL, and for each row the
// server's utime + stime (/proc/<pid>/stat) is read around 8,000 requests at 10 connections (after
// 2,000 of warm-up), alternating the builds, three rounds; PostgreSQL's CPU per request beside it (its
// postmaster and backends, /proc). The review rows (bench/review-project.ts: 200 sprints, 20,000 tasks)
// read as the project's client. SERVER_CPU_ROWS=deliveries,report measures only the rows whose path
// contains one of those words.
//   npx tsx bench/server-cpu.ts                        (this checkout's build)
//   SERVER_CPU_ENTRIES=/other/apps/api/dist-bench/server.js,apps/api/dist-bench/server.js npx tsx bench/server-cpu.ts
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { projectMembers, projects, users } from '../apps/api/src/db/schema/index.ts';
import { createSession } from '../apps/api/src/modules/auth/sessions.ts';
import { poolEnv, postgresCpuMs, processCpuMs, serverEntry, startAppServer } from './app-server.ts';
import { openBenchDatabase } from './large-rows.ts';
import { seedReviewProject } from './review-project.ts';

const REQUESTS = 8000;

const entries = process.env.SERVER_CPU_ENTRIES?.split(',').map((entry) => path.resolve(entry)) ?? [
  serverEntry(),
];
const { database, drop, dataDir } = await openBenchDatabase(null);
const admin = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-pass-123' };
const env = { ...admin, ...poolEnv(database.driver), LIST_CACHE: 'off', JOBS_WORKER: '0' };
const servers = [];
for (const entry of entries) servers.push(await startAppServer(entry, entry, database.url, env));
const login = await fetch(`${servers[0]!.base}/api/authorization/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/vnd.api+json' },
  body: JSON.stringify({
    data: { type: 'user', attributes: { login: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD } },
  }),
});
const token = ((await login.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
const [owner] = await database.db
  .insert(users)
  .values({ name: 'Owner', login: 'owner', email: 'owner@example.com', role: 'client', passwordHash: 'x' })
  .returning();
const [project] = await database.db.insert(projects).values({ title: 'P', ownerId: owner!.id }).returning();
await database.db
  .insert(projectMembers)
  .values({ projectId: project!.id, userId: owner!.id, kind: 'client' });
const headers = { authorization: `Bearer ${token}` };
const review = await seedReviewProject(database.db, owner!.id);
const client = {
  authorization: `Bearer ${(await createSession(database.db, { userId: owner!.id, remember: false, now: new Date() })).token}`,
};
const wanted = process.env.SERVER_CPU_ROWS?.split(',').filter(Boolean);
const rows = (
  [
    ['/api/authorization/check', headers],
    [
      `/api/project/${project!.id}?include=owner,company,types,tech,client,developer,project-manager,account-manager,file,link`,
      headers,
    ],
    [`/api/project/${review.projectId}/deliveries`, client],
    [`/api/project/${review.projectId}/report`, client],
  ] as const
).filter(([url]) => !wanted || wanted.some((word) => url.includes(word)));
for (const [url, headers] of rows)
  for (let round = 0; round < 3; round++)
    for (const server of servers) {
      await autocannon({ url: `${server.base}${url}`, connections: 10, amount: 2000, headers });
      const before = processCpuMs(server.pid);
      const pgBefore = dataDir ? postgresCpuMs(dataDir) : 0;
      const result = await autocannon({
        url: `${server.base}${url}`,
        connections: 10,
        amount: REQUESTS,
        headers,
      });
      const used = processCpuMs(server.pid) - before;
      const pgUsed = dataDir ? postgresCpuMs(dataDir) - pgBefore : 0;
      console.log(
        `${url.split('?')[0]} ${server.name}: ${Math.round((1000 * used) / REQUESTS)} µs server CPU/request, ` +
          `${Math.round((1000 * pgUsed) / REQUESTS)} µs PostgreSQL, ${result.requests.average} req/s, p99 ${result.latency.p99} ms, ` +
          `${result.non2xx + result.errors} errors, load average ${loadavg()[0]!.toFixed(2)}`,
      );
    }
for (const server of servers) await server.stop();
await database.close();
await drop();
