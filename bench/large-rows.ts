// The large-data rows of `npm run bench` (docs/product.md §D8): the bench's own database, the two admin list
// endpoints over LARGE rows with a different page on every request, and EXPLAIN ANALYZE of their queries.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectListScope } from '@dd/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../apps/api/src/db/client.ts';
import { type ListQuery, parseListQuery } from '../apps/api/src/lib/jsonapi/query.ts';
import {
  orderedIds,
  orderedIdsSql,
  READ_AHEAD_PAGES,
} from '../apps/api/src/modules/admin-lists/list-cache.ts';
import {
  PROJECT_LIST_RULES,
  projectBlockQuery,
  projectIdsQuery,
  projectPageSql,
} from '../apps/api/src/modules/admin-lists/project-search.ts';
import {
  USER_LIST_RULES,
  userBlockQuery,
  userIdsQuery,
  userPageSql,
} from '../apps/api/src/modules/admin-lists/user-search.ts';
import { LARGE } from './seed-large.ts';

/** What the rows search for: one word of seed-large's lists, so about 2% of the rows match. */
export const BENCH_SEARCH = { projectTitle: 'harbor', userName: 'silva' } as const;
/** The warm-up searches another word: code paths get compiled, the measured filter's cache stays cold. */
const WARM_UP_SEARCH = { projectTitle: 'falcon', userName: 'garcia' } as const;

export type ListTarget = { name: string; url: string; paths: string[]; warmUpPaths: string[] };
const PAGE_SIZE = 15;
/** docs/product.md §D8: p99 of the list rows at 10 connections. */
export const LIST_P99_BUDGET_MS = { embedded: 25, postgres: 20 } as const;

/** One line per list row: its p99 against the budget of this driver. */
export function listBudgetReport(
  driver: Database['driver'],
  rows: Record<string, { p50: number; p99: number }>,
): string[] {
  const budget = LIST_P99_BUDGET_MS[driver];
  return Object.entries(rows)
    .filter(([name]) => name.includes('project/search (') || name.includes('user/search ('))
    .map(
      ([name, r]) =>
        `${r.p99 < budget ? 'within' : 'OVER'} budget: p99 ${r.p99} ms (p50 ${r.p50} ms) against ${budget} ms on ${driver}: ${name.split(' (')[0]}`,
    );
}

/**
 * The embedded PostgreSQL 18 on a fresh temporary DATA_DIR (deleted by `drop()`, after
 * `database.close()` stopped the server); with DATABASE_URL a NEW database (dd_bench_<hex>) on that
 * server, dropped again by `drop()`, so the bench never reads or deletes anyone else's data.
 */
export async function openBenchDatabase(
  serverUrl: string | null,
  settings?: Record<string, string>,
): Promise<{ database: Database; drop: () => Promise<void>; dataDir?: string }> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dd-bench-'));
    return {
      dataDir,
      database: await openDatabase({ databaseUrl: null, dataDir, settings }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `dd_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const like = (field: string, value: string) =>
  `filter[0][0]=like&filter[0][1]=${field}&filter[0][2]=${encodeURIComponent(value)}`;

/** Every page of a result of `total` rows, in a fixed shuffled order: first, last and deep pages alike. */
function shuffledPages(total: number): number[] {
  const count = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const step = [7919, 104729, 15485863].find((p) => count % p !== 0) ?? 1;
  return Array.from({ length: count }, (_, i) => 1 + ((i * step) % count));
}

async function countOf(db: Db, statement: string): Promise<number> {
  const result = (await db.execute(sql.raw(statement))) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** The two list rows: name, base url, request paths (one page each, cycled) and warm-up paths. */
export async function largeTargets(db: Db, base: string): Promise<ListTarget[]> {
  const projectsMatching = await countOf(
    db,
    `select count(*) as n from projects where title ilike '%${BENCH_SEARCH.projectTitle}%'`,
  );
  const usersMatching = await countOf(
    db,
    `select count(*) as n from users where is_active and name ilike '%${BENCH_SEARCH.userName}%'`,
  );
  const projectPaths = (word: string) =>
    shuffledPages(projectsMatching).map(
      (page) =>
        `/api/project/search?include=client,size,state,owner&${like('project.title', word)}&sort=-created&page[page]=${page}&page[size]=${PAGE_SIZE}`,
    );
  const userPaths = (word: string) =>
    shuffledPages(usersMatching).map(
      (page) =>
        `/api/user/search?${like('user.name', word)}&sort=name&page[page]=${page}&page[size]=${PAGE_SIZE}`,
    );
  const pages = (total: number) => Math.ceil(total / PAGE_SIZE);
  return [
    {
      name: `GET /api/project/search (${LARGE.projects / 1000}k, like '${BENCH_SEARCH.projectTitle}' = ${projectsMatching} rows, -created, all ${pages(projectsMatching)} pages)`,
      url: base,
      paths: projectPaths(BENCH_SEARCH.projectTitle),
      warmUpPaths: projectPaths(WARM_UP_SEARCH.projectTitle),
    },
    {
      name: `GET /api/user/search (${LARGE.users / 1000}k, like '${BENCH_SEARCH.userName}' = ${usersMatching} rows, name, all ${pages(usersMatching)} pages)`,
      url: base,
      paths: userPaths(BENCH_SEARCH.userName),
      warmUpPaths: userPaths(WARM_UP_SEARCH.userName),
    },
  ];
}

/**
 * The first request after a write, one at a time: the version is bumped as a write would, then one page
 * is fetched. With the list cache on that is a miss (the ordered ids and a block are read again); with
 * it off every request reads the database, so this is its latency without concurrency.
 */
export async function coldRequests(
  db: Db,
  targets: ListTarget[],
  headers: Record<string, string>,
  times = 15,
): Promise<string[]> {
  const lines: string[] = [];
  for (const { name, url: base, paths } of targets) {
    const ms: number[] = [];
    for (let i = 0; i < times; i++) {
      await db.execute(sql`update cache_versions set version = version + 1 where name = 'admin-lists'`);
      const started = performance.now();
      const res = await fetch(`${base}${paths[(i * 37) % paths.length]}`, { headers });
      await res.arrayBuffer();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    lines.push(
      `first request after a write, one at a time (${times}x): p50 ${ms[times >> 1]?.toFixed(1)} ms, max ${ms[times - 1]?.toFixed(1)} ms: ${name.split(' (')[0]}`,
    );
  }
  return lines;
}

const listQuery = (raw: Record<string, unknown>, rules: typeof PROJECT_LIST_RULES): ListQuery =>
  parseListQuery(raw, rules, { id: 1, role: 'admin' });
const likeFilter = (field: string, value: string) => ({ '0': { '0': 'like', '1': field, '2': value } });

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the list queries: the one statement of an uncached request (LIST_CACHE=
 * off: a page and its total), and with the cache on the ordered-id queries (run on the first request
 * after a write) with and without the bench's filter and the block-by-ids query (a block's first visit).
 * Written to bench/results/explain-<driver>.txt; the scan lines are printed.
 */
export async function explainLists(database: Database): Promise<void> {
  const db = database.db;
  const admin = projectListScope({ id: 1, role: 'admin' });
  const projectsLike = listQuery(
    { sort: '-created', filter: likeFilter('project.title', BENCH_SEARCH.projectTitle) },
    PROJECT_LIST_RULES,
  );
  const usersLike = listQuery(
    { sort: 'name', filter: likeFilter('user.name', BENCH_SEARCH.userName) },
    USER_LIST_RULES,
  );
  const newestFirst = listQuery({ sort: '-created' }, PROJECT_LIST_RULES);
  const rowIds = (await projectIdsQuery(db, newestFirst, admin)).map((r) => r.id);
  const deep = Math.floor(rowIds.length * 0.9); // row 90,000 of 100k: the same depth at any size
  const deepIds = rowIds.slice(deep, deep + PAGE_SIZE * READ_AHEAD_PAGES);
  const userIds = await orderedIds(db, userIdsQuery(db, listQuery({ sort: 'name' }, USER_LIST_RULES)));
  const half = userIds.length >> 1;
  const deepUserIds = Array.from(userIds.subarray(half, half + PAGE_SIZE * READ_AHEAD_PAGES));
  // The app reads the ordered ids as one string_agg row; check it keeps the row order at this size.
  const aggregated = await orderedIds(db, projectIdsQuery(db, newestFirst, admin));
  const sameOrder = aggregated.length === rowIds.length && rowIds.every((id, i) => aggregated[i] === id);
  console.log(`ordered ids as one row keep the order of ${rowIds.length} rows: ${sameOrder ? 'yes' : 'NO'}`);
  if (!sameOrder) process.exitCode = 1;
  // A page in the middle of the ~134 (the sort then keeps half of the matches: its dearest case).
  const middle = { page: '67', size: String(PAGE_SIZE) };
  const projectsPage = listQuery(
    {
      include: 'client,size,state,owner',
      sort: '-created',
      filter: likeFilter('project.title', BENCH_SEARCH.projectTitle),
      page: middle,
    },
    PROJECT_LIST_RULES,
  );
  const usersPage = listQuery(
    { sort: 'name', filter: likeFilter('user.name', BENCH_SEARCH.userName), page: middle },
    USER_LIST_RULES,
  );
  const plans: Array<[string, SQLWrapper]> = [
    [
      `project page, LIST_CACHE=off (one statement: page ${projectsPage.page} of like '${BENCH_SEARCH.projectTitle}', -created, with the total and rows)`,
      projectPageSql(db, projectsPage, admin).sql(),
    ],
    [
      `user page, LIST_CACHE=off (one statement: page ${usersPage.page} of like '${BENCH_SEARCH.userName}', name, with the total and rows)`,
      userPageSql(db, usersPage).sql(),
    ],
    [
      `project ids: like '${BENCH_SEARCH.projectTitle}', sort -created`,
      orderedIdsSql(projectIdsQuery(db, projectsLike, admin)),
    ],
    ['project ids: no filter, sort -created', orderedIdsSql(projectIdsQuery(db, newestFirst, admin))],
    [
      'project pages by ids (one block of 8 pages, from 90% down the unfiltered list)',
      projectBlockQuery(deepIds),
    ],
    [`user ids: like '${BENCH_SEARCH.userName}', sort name`, orderedIdsSql(userIdsQuery(db, usersLike))],
    ['user pages by ids (one block of 8 pages)', userBlockQuery(deepUserIds)],
    [
      'user ids: no filter, sort name',
      orderedIdsSql(userIdsQuery(db, listQuery({ sort: 'name' }, USER_LIST_RULES))),
    ],
  ];
  const report: string[] = [];
  for (const [title, query] of plans) {
    const result = (await db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    const lines = result.rows.map((r) => Object.values(r)[0] ?? '');
    report.push(`## ${title}`, ...lines, '');
    console.log(`EXPLAIN ${title}`);
    for (const line of lines)
      if (/Scan|Execution Time|Sort Key|Sort Method/.test(line)) console.log(`   ${line.trim()}`);
  }
  const dir = path.resolve('bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `explain-${database.driver}.txt`);
  writeFileSync(file, `${report.join('\n')}\n`);
  console.log(`full plans: ${path.relative(process.cwd(), file)}`);
}
