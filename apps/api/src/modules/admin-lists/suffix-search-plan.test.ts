// An uncached title or name search of three characters or more runs as one named statement with the same
// text for every term and page (suffix-search.ts, migration 0024): PostgreSQL must settle on ONE generic
// plan for it, and that plan must walk the prefix index in list order, with no sort and no heap. Planned
// afresh on every request, the page cost 1–2.8 ms of planning on top of 3–6 ms of running it
// (docs/benchmarks.md, "Planning time"); a generic plan that scanned the table would be far worse (ADR 0033).
import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { ListQuery } from '../../lib/jsonapi/query.ts';
import { buildUser } from '../../test/factories.ts';
import { appWithOneConnection } from '../../test/one-connection.ts';
import type { PageStatement } from './list-sql.ts';
import { projectPageSql, searchProjects } from './project-search.ts';
import { searchUsers, userPageSql } from './user-search.ts';

const setup = appWithOneConnection();

const search = (field: string, value: string, sort: string, page: number): ListQuery => ({
  page,
  size: 15,
  sort: [{ field: sort.replace('-', ''), desc: sort.startsWith('-') }],
  filters: [{ op: 'like', field, value }],
  include: [],
});

/**
 * VACUUM until every page of the table is marked all-visible, as on a settled database (the bench's
 * tables are vacuumed after seeding): until then an index-only walk visits the heap and costs what a
 * bitmap scan and a sort cost. A page stays unmarked while a transaction that began before the inserts'
 * commit still runs; on the embedded PostgreSQL 18 that lasted up to a second after the insert, so retry.
 */
async function vacuumed(db: Db, table: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
    const result = (await db.execute(
      sql`select relpages, relallvisible from pg_class where relname = ${table}`,
    )) as unknown as {
      rows: Array<{ relpages: number; relallvisible: number }>;
    };
    const row = result.rows[0]!;
    if (row.relallvisible === row.relpages) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${table}: VACUUM did not mark its pages all-visible`);
}

type Plan = { name: string; generic: number; custom: number };

/** The session's plan counts of a page's named statement, and EXPLAIN of it as the session now runs it. */
async function plansOf(statement: PageStatement): Promise<{ counts: Plan[]; plan: string }> {
  const db = setup.one().db;
  const named = statement.named!;
  const counts = (await db.execute(sql`select name, generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where name = ${named.name}`)) as unknown as { rows: Plan[] };
  // The statement's parameters in the order its text numbers them, as literals for EXECUTE.
  const values = fillPlaceholders(new PgDialect().sqlToQuery(named.build()).params, named.params).map((v) =>
    typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`,
  );
  const explained = (await db.execute(
    sql.raw(`explain execute ${named.name}(${values.join(', ')})`),
  )) as unknown as { rows: Array<Record<string, string>> };
  return { counts: counts.rows, plan: explained.rows.map((r) => Object.values(r)[0]).join('\n') };
}

it('plans the uncached title and name search pages once, as a walk of the prefix index in list order', async () => {
  const db = setup.app().database.db;
  const owner = await buildUser(db, { name: 'Owner' });
  // 20,000 projects and users, one in fifty with the bench's term, the rest from a few words: the skew of
  // bench/large-rows.ts, where a custom plan for a common term looks different from one for a rare one.
  // Written with a flushed commit: the test database commits asynchronously, and VACUUM marks a page
  // all-visible (what makes the index-only walk the cheaper plan) only once the inserts' commit is on disk.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = on`);
    await tx.execute(sql`insert into projects (title, owner_id, created_at)
      select case when g % 50 = 0 then 'Harbor ' else '' end
        || (array['river','market','portal','cloud','garden','tower'])[1 + g % 6] || ' '
        || (array['app','shop','data','city','bridge'])[1 + g % 5] || ' ' || g,
        ${owner.id}::int, now() - g * interval '1 minute'
      from generate_series(1, 20000) g`);
    await tx.execute(sql`insert into users (name, login, email, password_hash, role)
      select case when g % 50 = 0 then 'Ana Silva ' else 'Ed Costa ' end || g, 'plan' || g,
        'plan' || g || '@example.com', 'x', 'client'
      from generate_series(1, 20000) g`);
  });
  await vacuumed(db, 'project_title_suffixes');
  await vacuumed(db, 'user_name_suffixes');

  const one = setup.one().db;
  const terms = [
    'harbor',
    'river',
    'HARBOR',
    'arke',
    'tower app',
    'harbor',
    'cloud',
    'harbor',
    'bridge',
    'harbor',
  ];
  for (const [i, term] of terms.entries()) {
    const page = await searchProjects(
      one,
      search('project.title', term, '-created', 1 + (i % 3)),
      { kind: 'all' },
      {
        hideContacts: false,
        version: null,
      },
    );
    expect(JSON.parse(page).meta.total).toBeGreaterThan(0);
  }
  for (const [i, term] of ['silva', 'costa', 'SILVA', 'ana s', 'silva', 'ed c', 'silva', 'silva'].entries()) {
    const page = await searchUsers(one, search('user.name', term, 'name', 1 + (i % 3)), { version: null });
    expect(JSON.parse(page).meta.total).toBeGreaterThan(0);
  }

  const statements = {
    list_page_projects_desc: projectPageSql(one, search('project.title', 'harbor', '-created', 3), {
      kind: 'all',
    }),
    list_page_users_asc: userPageSql(one, search('user.name', 'silva', 'name', 3)),
  };
  for (const [name, statement] of Object.entries(statements)) {
    expect(statement.named?.name).toBe(name);
    const { counts, plan } = await plansOf(statement);
    // Five custom plans to compare with, then the generic one for every later request.
    expect(counts, name).toEqual([expect.objectContaining({ custom: 5 })]);
    expect(counts[0]!.generic, name).toBeGreaterThanOrEqual(3);
    // The page (the CTE list_page; the count of a page past the end and the rows' includes come after).
    const page = plan.split(/\n {2}(?=InitPlan|SubPlan)/)[0]!;
    expect(page, name).toMatch(/CTE list_page/);
    expect(page, name).toMatch(
      /Index Only Scan( Backward)? using (project_title|user_name)_suffixes_prefix_idx/,
    );
    expect(page, name).not.toMatch(/\bSort\b/);
    // The page a slice of the walk's ids, gathered as they stream (list-sql: arrayPageSql), not a window
    // count that stores every match first.
    expect(page, name).toMatch(/Aggregate/);
    expect(page, name).not.toMatch(/WindowAgg/);
  }
});
