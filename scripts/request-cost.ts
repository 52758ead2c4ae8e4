// What one request of the hottest reads costs the server, independent of the machine's load:
// pg queries per request (Client.prototype.query calls) and server CPU per request (process.cpuUsage over
// N sequential in-process requests), plus the answers themselves (REQUEST_COST_DUMP=file) so two
// revisions can be compared field for field.
// On the embedded PostgreSQL 18 it also prints, per row, what pg_stat_statements counted: each statement's
// calls per request and mean execution time in the server. REQUEST_COST_LARGE=1 seeds the bench's 100k
// projects and users (bench/seed-large.ts) and adds the two uncached list rows (LIST_CACHE=off).
//   node --import tsx scripts/request-cost.ts            (embedded PostgreSQL 18)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/request-cost.ts
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import {
  companies,
  links,
  projectFiles,
  projectLinks,
  projectMembers,
  projectProjectTypes,
  projects,
  projectTechs,
  projectTypes,
  scheduledCalls,
  sprints,
  tasks,
  teamMembers,
  teams,
  techGroups,
  techs,
  users,
  userTechs,
} from '../apps/api/src/db/schema/index.ts';
import { createSession } from '../apps/api/src/modules/auth/sessions.ts';
import { largeTargets, openBenchDatabase } from '../bench/large-rows.ts';
import { seedLarge } from '../bench/seed-large.ts';

const N = Number(process.env.REQUEST_COST_N ?? 500);
const LARGE_ROWS = process.env.REQUEST_COST_LARGE === '1';
const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));

let queries = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++;
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const config = loadConfig(
  {
    ADMIN_EMAIL: 'cost@example.com',
    ADMIN_PASSWORD: 'cost-pass-123',
    DATABASE_URL: process.env.DATABASE_URL,
    ...(LARGE_ROWS ? { LIST_CACHE: 'off' } : {}),
  },
  { logLevel: 'silent', jobsWorker: false },
);
const { database, drop } = await openBenchDatabase(config.databaseUrl, {
  shared_preload_libraries: 'pg_stat_statements',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const db = database.db;
const statements = await db
  .execute(sql`create extension if not exists pg_stat_statements`)
  .then(() => true)
  .catch(() => false); // a server without the library preloaded: no per-statement figures
if (LARGE_ROWS) {
  // First: the seed writes every project's members and expects the projects to be its own.
  const { ms } = await seedLarge(db);
  console.log(`seeded the 100k data set in ${(ms / 1000).toFixed(1)} s`);
}

const person = async (name: string, role: string, extra: Partial<typeof users.$inferInsert> = {}) => {
  const [user] = await db
    .insert(users)
    .values({
      name,
      login: name.toLowerCase().replace(/ /g, '.'),
      email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
      role,
      passwordHash: 'x',
      createdAt: at(2),
      ...extra,
    })
    .returning();
  return user!;
};
const [company] = await db
  .insert(companies)
  .values({ title: 'Acme', createdAt: at(1) })
  .returning();
const owner = await person('Olga Owner', 'client', { phone: '5550100', companyId: company!.id });
const client2 = await person('Carl Client', 'client', { phone: '5550101' });
const dev = await person('Dana Dev', 'developer', { phone: '5550102' });
const pm = await person('Paul Pm', 'projectManager');
const am = await person('Anna Am', 'accountManager', { phone: '5550103' });
const staff = await person('Sam Staff', 'superAdmin', { phone: '5550104', timezone: 'Europe/Berlin' });
const [group] = await db.insert(techGroups).values({ title: 'Cost group' }).returning();
const techRows = await db
  .insert(techs)
  .values([1, 2, 3].map((i) => ({ title: `Cost tech ${i}`, techGroupId: group!.id, position: 100 + i })))
  .returning();
const typeRows = await db
  .insert(projectTypes)
  .values([1, 2].map((i) => ({ title: `Cost type ${i}`, position: 100 + i })))
  .returning();
const [team] = await db
  .insert(teams)
  .values({ title: 'Cost team', punchLine: 'x', createdAt: at(1) })
  .returning();
await db.insert(teamMembers).values({ teamId: team!.id, userId: staff.id });
await db.insert(userTechs).values(techRows.slice(0, 2).map((t) => ({ userId: staff.id, techId: t.id })));
const [project] = await db
  .insert(projects)
  .values({
    title: 'Cost project',
    description: 'A project page',
    ownerId: owner.id,
    companyId: company!.id,
    accountManagerId: am.id,
    createdAt: at(3),
  })
  .returning();
await db.insert(projects).values({ title: 'Owned by staff', ownerId: staff.id, createdAt: at(4) });
await db.insert(projectMembers).values([
  { projectId: project!.id, userId: owner.id, kind: 'client', createdAt: at(3) },
  { projectId: project!.id, userId: client2.id, kind: 'client', createdAt: at(4) },
  { projectId: project!.id, userId: dev.id, kind: 'developer', createdAt: at(5) },
  { projectId: project!.id, userId: pm.id, kind: 'projectManager', createdAt: at(6) },
]);
await db
  .insert(projectProjectTypes)
  .values(typeRows.map((t) => ({ projectId: project!.id, projectTypeId: t.id })));
await db.insert(projectTechs).values(techRows.map((t) => ({ projectId: project!.id, techId: t.id })));
for (const [i, title] of ['brief.pdf', 'wireframes.png'].entries())
  await db
    .insert(projectFiles)
    .values({ projectId: project!.id, title, mime: 'application/pdf', size: 4, createdAt: at(5 + i) });
for (const [i, title] of ['Figma', 'Repository'].entries()) {
  const [link] = await db
    .insert(links)
    .values({ title, url: `https://example.com/${i}`, createdById: owner.id, createdAt: at(5) })
    .returning();
  await db.insert(projectLinks).values({ projectId: project!.id, linkId: link!.id, createdAt: at(6 + i) });
}
await db.insert(scheduledCalls).values({
  projectId: project!.id,
  userId: owner.id,
  scheduledAt: at(20),
  timezone: 'UTC',
});
const [sprint] = await db
  .insert(sprints)
  .values({ projectId: project!.id, createdAt: at(7) })
  .returning();
const [task] = await db
  .insert(tasks)
  .values({
    projectId: project!.id,
    sprintId: sprint!.id,
    title: 'A task',
    ownerId: dev.id,
    createdAt: at(8),
  })
  .returning();

const bearer = async (userId: number) =>
  `Bearer ${(await createSession(db, { userId, remember: true, now: new Date() })).token}`;
const staffAuth = await bearer(staff.id);
const clientAuth = await bearer(owner.id);
const include = 'owner,company,types,tech,client,developer,project-manager,account-manager,file,link';
const rows: Array<[string, string, string]> = [
  ['GET /api/authorization/check (superAdmin)', '/api/authorization/check', staffAuth],
  ['GET /api/authorization/check (client)', '/api/authorization/check', clientAuth],
  [
    `GET /api/project/{id}?include=… (superAdmin)`,
    `/api/project/${project!.id}?include=${include}`,
    staffAuth,
  ],
  [
    `GET /api/project/{id}?include=…,current-user-scheduled-calls (client)`,
    `/api/project/${project!.id}?include=${include},current-user-scheduled-calls`,
    clientAuth,
  ],
  ['GET /api/task/{id} (superAdmin)', `/api/task/${task!.id}`, staffAuth],
  [
    'GET /api/scheduled-call/available-slots (client)',
    '/api/scheduled-call/available-slots?timezone=Asia/Kolkata',
    clientAuth,
  ],
];
if (LARGE_ROWS) {
  for (const target of await largeTargets(db, '')) {
    // A page in the middle of the result (the dearest for the sort), the one explainLists reads.
    const middle = target.paths.find((p) => p.includes('page[page]=67&')) ?? target.paths[0]!;
    rows.push([`${target.name.split(' (')[0]} (100k, LIST_CACHE=off, page 67)`, middle, staffAuth]);
  }
}
const answers: Record<string, unknown> = {};
for (const [name, url, authorization] of rows) {
  const get = () => app.inject({ method: 'GET', url, headers: { authorization } });
  const first = await get();
  answers[name] = { status: first.statusCode, body: first.json() };
  for (let i = 0; i < 50; i++) await get(); // JIT warm-up
  if (statements) await db.execute(sql`select pg_stat_statements_reset()`);
  queries = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const from = process.hrtime.bigint() / 1000n;
  for (let i = 0; i < N; i++) await get();
  const used = process.cpuUsage(cpu);
  // With `node --cpu-prof`: the loop's window in the profile's clock (µs), to keep only its samples.
  if (process.env.REQUEST_COST_MARKS === '1')
    console.log(`  window ${from} ${process.hrtime.bigint() / 1000n}`);
  const wall = performance.now() - started;
  console.log(
    `${name}: ${first.statusCode}, ${(queries / N).toFixed(2)} queries/request, ` +
      `${Math.round((used.user + used.system) / N)} µs CPU/request (user ${Math.round(used.user / N)}), ` +
      `${(wall / N).toFixed(2)} ms wall/request one at a time`,
  );
  if (!statements) continue;
  const seen = (await db.execute(sql`
    select calls, mean_exec_time, regexp_replace(left(query, 90), '[[:space:]]+', ' ', 'g') as query
    from pg_stat_statements where calls >= ${Math.floor(N / 2)} and query not like '%pg_stat_statements%'
    order by total_exec_time desc limit 6`)) as unknown as {
    rows: Array<{ calls: string; mean_exec_time: number; query: string }>;
  };
  for (const r of seen.rows)
    console.log(
      `    ${(Number(r.calls) / N).toFixed(2)}/request, mean ${r.mean_exec_time.toFixed(3)} ms in PostgreSQL: ${r.query}`,
    );
}
// REQUEST_COST_WRITES=1: the mixed bench's writes (bench/run.ts mixedRun), one at a time, the same
// figures: which of them costs what, before any concurrency (locks, commits) adds to it.
if (process.env.REQUEST_COST_WRITES === '1') {
  const W = Math.min(N, 100);
  const json = { 'content-type': 'application/vnd.api+json' };
  const moved = await db
    .insert(tasks)
    .values(
      Array.from({ length: 20 }, (_, i) => ({ projectId: project!.id, title: `Moved ${i}`, position: i })),
    )
    .returning({ id: tasks.id });
  const slotsRes = await app.inject({
    method: 'GET',
    url: '/api/scheduled-call/available-slots?timezone=UTC',
    headers: { authorization: clientAuth },
  });
  const slots = (
    slotsRes.json() as { data: Array<{ attributes: { slots: Array<{ scheduled: string }> } }> }
  ).data
    .flatMap((day) => day.attributes.slots)
    .filter((_, i) => i % 2 === 0)
    .slice(8);
  const bookingProjects = await db
    .insert(projects)
    .values(slots.map((_, i) => ({ title: `Booking ${i}`, ownerId: owner.id })))
    .returning({ id: projects.id });
  await db
    .insert(projectMembers)
    .values(bookingProjects.map((p) => ({ projectId: p.id, userId: owner.id, kind: 'client' as const })));
  const writes: Array<[string, number, (i: number) => Promise<{ statusCode: number; body: string }>]> = [
    [
      'POST /api/project-update/post (superAdmin)',
      W,
      (i) =>
        app.inject({
          method: 'POST',
          url: '/api/project-update/post',
          headers: { authorization: staffAuth, ...json },
          payload: {
            data: {
              type: 'project-update',
              attributes: { project_id: project!.id, description: `Cost update ${i}` },
            },
          },
        }),
    ],
    [
      'PATCH /api/task/{id} position 0 (superAdmin)',
      W,
      (i) =>
        app.inject({
          method: 'PATCH',
          url: `/api/task/${moved[i % moved.length]!.id}`,
          headers: { authorization: staffAuth, ...json },
          payload: { data: { type: 'task', attributes: { position: 0 } } },
        }),
    ],
    [
      'POST /api/scheduled-call/create (client)',
      Math.min(W, slots.length - 2),
      (i) =>
        app.inject({
          method: 'POST',
          url: '/api/scheduled-call/create',
          headers: { authorization: clientAuth, ...json },
          payload: {
            data: {
              type: 'scheduled-call',
              attributes: {
                project_id: bookingProjects[i]!.id,
                scheduled: slots[i]!.scheduled,
                timezone: 'UTC',
              },
            },
          },
        }),
    ],
  ];
  for (const [name, count, write] of writes) {
    const first = await write(count);
    if (first.statusCode >= 300) console.log(`${name}: ${first.statusCode} ${first.body.slice(0, 200)}`);
    if (statements) await db.execute(sql`select pg_stat_statements_reset()`);
    queries = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const from = process.hrtime.bigint() / 1000n;
    for (let i = 0; i < count; i++) {
      const res = await write(i);
      if (res.statusCode >= 300) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    const used = process.cpuUsage(cpu);
    if (process.env.REQUEST_COST_MARKS === '1')
      console.log(`  window ${from} ${process.hrtime.bigint() / 1000n}`);
    const wall = performance.now() - started;
    console.log(
      `${name}: ${(queries / count).toFixed(2)} queries/request, ` +
        `${Math.round((used.user + used.system) / count)} µs CPU/request, ${(wall / count).toFixed(2)} ms wall/request one at a time`,
    );
    if (!statements) continue;
    const seen = (await db.execute(sql`
      select calls, mean_exec_time, regexp_replace(left(query, 110), '[[:space:]]+', ' ', 'g') as query
      from pg_stat_statements where calls >= ${Math.floor(count / 2)} and query not like '%pg_stat_statements%'
      order by total_exec_time desc limit 8`)) as unknown as {
      rows: Array<{ calls: string; mean_exec_time: number; query: string }>;
    };
    for (const r of seen.rows)
      console.log(
        `    ${(Number(r.calls) / count).toFixed(2)}/request, mean ${r.mean_exec_time.toFixed(3)} ms in PostgreSQL: ${r.query}`,
      );
  }
}
if (process.env.REQUEST_COST_DUMP)
  writeFileSync(process.env.REQUEST_COST_DUMP, JSON.stringify(answers, null, 2));
await app.close();
await database.close();
await drop();
