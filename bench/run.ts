// npm run bench: bundle sizes against design.md budgets, and API latency under 10 concurrent connections
// with a bare Fastify route measured in the same run as the reference.
import { fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { computeAvailableSlots, WORK_HOURS } from '@dd/domain';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { projects, scheduledCalls, users } from '../apps/api/src/db/schema/index.ts';
import {
  coldRequests,
  explainLists,
  largeTargets,
  listBudgetReport,
  openBenchDatabase,
} from './large-rows.ts';
import { LARGE, seedLarge } from './seed-large.ts';

const BUDGET = { initialKb: 170, lazyChunkKb: 80 };
// WEB_DIST measures another build (e.g. one made with WEB_OUT_DIR).
const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');

function bundleReport(): boolean {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;
  const initialKb = initial.reduce((sum, f) => sum + gz(f), 0);
  const lazy = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
    .map((f) => ({ f, kb: gz(`assets/${f}`) }))
    .sort((a, b) => b.kb - a.kb);
  const largest = lazy[0];
  console.log(
    `initial JS: ${initialKb.toFixed(1)} KB gzipped (budget ${BUDGET.initialKb}) in ${initial.length} files`,
  );
  console.log(
    `largest lazy chunk: ${largest?.f} ${largest?.kb.toFixed(1)} KB gzipped (budget ${BUDGET.lazyChunkKb})`,
  );
  // The JS files each announced screen loads: the entry's and its own (route-preloads.json, issue 13 §2).
  const preloads = path.join(dist, 'route-preloads.json');
  if (existsSync(preloads)) {
    const { routes } = JSON.parse(readFileSync(preloads, 'utf8')) as {
      routes: Array<{ path: string; scripts: string[] }>;
    };
    for (const route of routes) {
      const kb = route.scripts.reduce((sum, f) => sum + gz(f.slice(1)), 0);
      console.log(
        `  ${route.path}: ${initial.length + route.scripts.length} JS files (${route.scripts.length} beyond the entry's, +${kb.toFixed(1)} KB gzipped)`,
      );
    }
  }
  return initialKb < BUDGET.initialKb && (largest?.kb ?? 0) < BUDGET.lazyChunkKb;
}

/**
 * The first-load figures of the last e2e/first-load.test.ts run (a Chromium journey: navigation to the
 * first update on the client project page and to the first card on the board), printed with their date.
 */
function firstLoadReport(): void {
  const file = path.resolve('bench/results/first-load.json');
  if (!existsSync(file)) {
    console.log('first load: no figures yet (node --import tsx --test e2e/first-load.test.ts writes them)');
    return;
  }
  type Page = { path: string; budgetMs: number; firstMsMedian: number; firstMsRuns: number[] };
  const figures = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & {
    measuredAt: string;
    loadAverage: number[];
  };
  console.log(
    `first load (e2e/first-load.test.ts, ${figures.measuredAt}, load average ${figures.loadAverage.map((l) => l.toFixed(2)).join(' → ')}):`,
  );
  for (const key of ['projectPage', 'board']) {
    const page = figures[key] as (Page & Record<string, number>) | undefined;
    if (!page) continue;
    console.log(
      `  ${page.path}: ${page.firstMsMedian} ms to first content (budget ${page.budgetMs}, runs ${page.firstMsRuns.join('/')}), ` +
        `${page.requestsUntilIdle} requests, ${page.jsFilesUntilIdle} JS files ${page.firstMsMedian <= page.budgetMs ? 'ok' : 'OVER BUDGET'}`,
    );
  }
}

// BENCH_ONLY=<text> measures only the rows whose name contains it (and skips the bundle check);
// BENCH_ONLY=bundle runs only the bundle check and prints the last first-load figures;
// BENCH_DURATION=<seconds> shortens each run. Without them the whole bench runs as before.
const only = process.env.BENCH_ONLY ?? '';
const duration = Number(process.env.BENCH_DURATION ?? 5);

// With `paths`, each request takes the next one (the list rows ask for a different page every time).
// autocannon runs in a child process (bench/load-worker.mjs) so that it does not share the server's
// event loop; on 2 cores the server then has one core and the load generator the other.
function load(
  url: string,
  headers: Record<string, string> = {},
  paths?: string[],
  seconds = duration,
): Promise<{ p50: number; p99: number; rps: number; errors: number }> {
  const child = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), { execArgv: [] });
  child.send({ url, headers, paths, seconds, connections: 10 });
  return new Promise((resolve, reject) => {
    child.once('message', (figures) => resolve(figures as Awaited<ReturnType<typeof load>>));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
  });
}

/** A realistic slot list to compute: every third free slot of the next four weeks is taken. */
async function bookEveryThirdSlot(db: Db) {
  const [owner] = await db
    .insert(users)
    .values({
      name: 'Bench Client',
      login: 'bench-client',
      email: 'bench-client@example.com',
      role: 'client',
      passwordHash: 'x',
    })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({ title: 'Bench project', ownerId: owner!.id })
    .returning();
  const starts = computeAvailableSlots({ now: new Date(), timezone: 'UTC', workHours: WORK_HOURS })
    .flatMap((d) => d.slots.map((slot) => slot.start))
    .filter((_, i) => i % 3 === 0);
  await db.insert(scheduledCalls).values(
    starts.map((start) => ({
      projectId: project!.id,
      userId: owner!.id,
      scheduledAt: new Date(start),
      timezone: 'UTC',
    })),
  );
}

async function main() {
  let bundlesOk = true;
  if (!only || only === 'bundle') {
    statSync(path.join(dist, 'index.html'));
    bundlesOk = bundleReport();
    firstLoadReport();
  }
  if (only === 'bundle') {
    if (!bundlesOk) process.exitCode = 1;
    return;
  }

  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddr = bare.server.address() as { port: number };

  const config = loadConfig(
    {
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-pass-123',
      DATABASE_URL: process.env.DATABASE_URL,
    },
    { logLevel: 'silent' },
  );
  const { database, drop } = await openBenchDatabase(config.databaseUrl);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({
      data: { type: 'user', attributes: { login: 'bench@example.com', password: 'bench-pass-123' } },
    }),
  });
  const token = ((await login.json()) as { data: { attributes: { token: string } } }).data.attributes.token;

  const bearer = { authorization: `Bearer ${token}` };
  await bookEveryThirdSlot(database.db);
  const large = !only || 'GET /api/project/search GET /api/user/search'.includes(only);
  if (large) {
    const { ms } = await seedLarge(database.db);
    console.log(
      `seeded ${LARGE.projects} projects, ${LARGE.users} users, ${LARGE.companies} companies, ${LARGE.teams} teams in ${(ms / 1000).toFixed(1)} s (${database.driver})`,
    );
  }
  const targets: Array<[string, string, Record<string, string>?]> = [
    ['bare fastify GET /ping', `http://127.0.0.1:${bareAddr.port}/ping`],
    ['GET /api/authorization/check', `${base}/api/authorization/check`, bearer],
    ['GET /api/tech/search?include=tech-group', `${base}/api/tech/search?include=tech-group`],
    [
      'GET /api/scheduled-call/available-slots (4 weeks, 1/3 booked)',
      `${base}/api/scheduled-call/available-slots?timezone=Asia/Kolkata`,
      bearer,
    ],
  ];
  const rows: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const [name, url, headers] of targets) {
    if (only && !name.includes(only) && !name.startsWith('bare')) continue;
    rows[name] = await load(url, headers);
  }
  const listNotes: string[] = [];
  if (large) {
    const lists = (await largeTargets(database.db, base)).filter(({ name }) => !only || name.includes(only));
    for (const { name, url, paths, warmUpPaths } of lists) {
      await load(url, bearer, warmUpPaths, 2); // JIT warm-up on another filter; not reported
      rows[name] = await load(url, bearer, paths);
    }
    rows['bare fastify GET /ping (again, after the list rows)'] = await load(
      `http://127.0.0.1:${bareAddr.port}/ping`,
    );
    listNotes.push(...(await coldRequests(database.db, lists, bearer)));
    await explainLists(database);
  }
  console.log(`database: ${database.driver}`);
  console.table(rows);
  for (const line of [...listBudgetReport(database.driver, rows), ...listNotes]) console.log(line);
  await app.close();
  await database.close();
  await drop();
  await bare.close();
  if (!bundlesOk) process.exitCode = 1;
}

await main();
