// The large, deterministic data set of docs/product.md §D8 for `npm run bench`: 2,000 companies, 100,000 users,
// 500 teams and 100,000 projects (BENCH_LARGE_ROWS scales it: see largeSize) with owners, states, sizes and client memberships. Every value is a
// function of the row number (no random()), so two runs, on any server, hold the same rows.
// Rows are made by the database itself with generate_series: one INSERT ... SELECT per table.
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';

/**
 * BENCH_LARGE_ROWS sizes the set (projects and users each; default 100,000): companies and teams grow
 * with it (one company per 50 rows, one team per 200), so 10,000 / 100,000 / 1,000,000 hold the same
 * shares and a filter still matches about 2% of the rows (docs/benchmarks.md, growth table).
 */
export function largeSize(rows: number) {
  if (!Number.isInteger(rows) || rows < 1000)
    throw new Error(`BENCH_LARGE_ROWS must be an integer >= 1000, not ${rows}`);
  return {
    companies: Math.round(rows / 50),
    users: rows,
    teams: Math.round(rows / 200),
    projects: rows,
  } as const;
}
export const LARGE = largeSize(Number(process.env.BENCH_LARGE_ROWS ?? 100_000));

// Word lists the titles and names are built from. The bench's `like` filters search for one word of
// them, so the share of matching rows is known: see BENCH_SEARCH in large-rows.ts.
const words = (text: string) => text.trim().split(/\s+/);
const ADJECTIVES = words(`
  Agile Bright Clever Daring Eager Fancy Gentle Happy Ideal Jolly Keen Lively Mighty Noble Open
  Proud Quick Rapid Smart Tidy Urban Vivid Witty Young Zesty
`);
const NOUNS = words(`
  Atlas Beacon Canvas Delta Echo Falcon Garden Harbor Island Jungle Kernel Lantern Meadow Nebula
  Orbit Pioneer Quartz River Summit Tundra Unity Valley Willow Xenon Yonder Zephyr Anchor Bridge
  Compass Dune Ember Forge Glacier Horizon Iris Jasper Kite Lotus Mosaic Nectar Oasis Prism Quest
  Ridge Spark Timber Upland Vortex Wave Zenith
`);
const KINDS = ['portal', 'app', 'platform', 'dashboard', 'marketplace', 'website', 'API', 'CRM'];
const FIRST = words(`
  Alice Bruno Chloe Dmitri Elena Farid Grace Hiro Ines Jonas Kira Liam Maya Nikolai Olga Pedro
  Quinn Rosa Sven Tara Umar Vera Wei Ximena Yusuf Zoe Amir Bianca Carlos Dana Emil Fatima Gustav
  Hana Ivan Julia Kofi Lena Mateo Nora
`);
const LAST = words(`
  Anders Baker Costa Dubois Evans Fischer Garcia Hughes Ibarra Jensen Kowalski Larsen Moreau Novak
  Okafor Petrov Quintero Rossi Silva Tanaka Ueda Varga Weber Xu Yilmaz Zimmer Abbott Brennan
  Castillo Delgado Eriksen Ferreira Gallagher Hoffmann Iversen Jovanovic Kaplan Lindqvist Mendes
  Nakamura Ortega Pereira Quaid Romano Santos Thornton Ulrich Vasquez Whitaker Young
`);

const textArray = (words: string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
// A deterministic scramble of a row number (Knuth's multiplicative hash); `salt` gives independent columns.
const mix = (expr: string, salt: number) => `((((${expr})::bigint + ${salt}) * 2654435761) % 4294967296)`;
const pick = (words: string[], expr: string, salt: number) =>
  `(${textArray(words)})[1 + ${mix(expr, salt)} % ${words.length}]`;

const statements = [
  `insert into companies (title, company_size_id, company_type_id, company_industry_id, created_at)
   select ${pick(NOUNS, 'i', 1)} || ' ' || ${pick(KINDS, 'i', 2)} || ' Co ' || i,
     (select min(id) from company_sizes) + ${mix('i', 3)} % (select count(*) from company_sizes),
     (select min(id) from company_types) + ${mix('i', 4)} % (select count(*) from company_types),
     (select min(id) from company_industries) + ${mix('i', 5)} % (select count(*) from company_industries),
     timestamptz '2023-01-01 00:00:00Z' + i * interval '9 hours'
   from generate_series(1, ${LARGE.companies}) i`,
  // One user in 50 a developer, one in 50 a project manager, one in 40 deactivated; the rest clients
  // of a company. Logins and e-mails carry the row number, so they stay unique.
  `insert into users (name, login, email, phone, role, company_id, timezone, password_hash, is_active, created_at, updated_at)
   select ${pick(FIRST, 'i', 11)} || ' ' || ${pick(LAST, 'i', 12)},
     'large-user-' || i, 'large-user-' || i || '@example.com',
     '+1 555 ' || lpad((${mix('i', 13)} % 10000000)::text, 7, '0'),
     case i % 50 when 0 then 'developer' when 1 then 'projectManager' else 'client' end,
     case when i % 50 > 1 then (select min(id) from companies) + ${mix('i', 14)} % ${LARGE.companies} end,
     'UTC', 'x', i % 40 <> 7,
     timestamptz '2023-01-01 00:00:00Z' + i * interval '15 minutes',
     timestamptz '2023-01-01 00:00:00Z' + i * interval '15 minutes'
   from generate_series(1, ${LARGE.users}) i`,
  `insert into teams (title, punch_line, created_at)
   select ${pick(ADJECTIVES, 'i', 21)} || ' ' || ${pick(NOUNS, 'i', 22)} || ' team ' || i, 'We ship',
     timestamptz '2023-01-01 00:00:00Z' + i * interval '1 day'
   from generate_series(1, ${LARGE.teams}) i`,
  `insert into team_members (team_id, user_id)
   select (select min(id) from teams) + ${mix('u.id', 23)} % ${LARGE.teams}, u.id
   from users u where u.role in ('developer', 'projectManager') and u.login like 'large-user-%'`,
  // Projects: created every ~15 minutes over three years (with jitter), owned by an active client.
  `insert into projects (title, owner_id, company_id, project_state_id, project_size_id, project_status_id, created_at, updated_at)
   select ${pick(ADJECTIVES, 'i', 31)} || ' ' || ${pick(NOUNS, 'i', 32)} || ' ' || ${pick(KINDS, 'i', 33)},
     c.id, c.company_id,
     (select min(id) from project_states) + ${mix('i', 34)} % (select count(*) from project_states),
     (select min(id) from project_sizes) + ${mix('i', 35)} % (select count(*) from project_sizes),
     (select min(id) from project_statuses) + ${mix('i', 36)} % (select count(*) from project_statuses),
     timestamptz '2023-01-01 00:00:00Z' + i * interval '15 minutes' + (${mix('i', 37)} % 600) * interval '1 second',
     timestamptz '2023-01-01 00:00:00Z' + i * interval '15 minutes'
   from generate_series(1, ${LARGE.projects}) i
   join (select id, company_id, row_number() over (order by id) as n from users
         where role = 'client' and is_active and login like 'large-user-%') c
     on c.n = 1 + ${mix('i', 38)} % (select count(*) from users where role = 'client' and is_active and login like 'large-user-%')`,
  // Client memberships as the app writes them: the owner, plus a second client on every third project;
  // and a project manager on every project.
  `insert into project_members (project_id, user_id, kind, created_at)
   select p.id, p.owner_id, 'client', p.created_at from projects p where p.owner_id is not null
   union all
   select p.id, c.id, 'client', p.created_at + interval '1 day'
   from projects p
   join (select id, row_number() over (order by id) as n from users
         where role = 'client' and login like 'large-user-%') c
     on c.n = 1 + ${mix('p.id', 41)} % (select count(*) from users where role = 'client' and login like 'large-user-%')
   where p.id % 3 = 0 and c.id is distinct from p.owner_id
   union all
   select p.id, m.id, 'projectManager', p.created_at
   from projects p
   join (select id, row_number() over (order by id) as n from users
         where role = 'projectManager' and login like 'large-user-%') m
     on m.n = 1 + ${mix('p.id', 42)} % (select count(*) from users where role = 'projectManager' and login like 'large-user-%')`,
];

/** Fills a freshly migrated database (lookups seeded) with the large data set, then vacuums and analyzes. */
export async function seedLarge(db: Db): Promise<{ ms: number }> {
  const started = performance.now();
  for (const statement of statements) await db.execute(sql.raw(statement));
  // A freshly loaded table has no statistics and no visibility map yet; autovacuum would get there
  // on its own, but only after a while. Without it the planner guesses and index-only scans
  // visit the heap.
  // The suffix tables (migration 0023) are filled by the projects' and users' triggers: the same holds.
  for (const table of [
    'companies',
    'users',
    'teams',
    'team_members',
    'projects',
    'project_members',
    'project_title_suffixes',
    'user_name_suffixes',
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { ms: Math.round(performance.now() - started) };
}
