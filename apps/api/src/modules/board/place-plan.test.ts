// A drag on the board is one named statement after the board lock (task-order.ts: placeOnly). On a
// large board it must read the target column by its index, not every task of the project, in the plan
// PostgreSQL keeps for it (docs/adr/0033-hot-statements.md).
import { Placeholder, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { buildProject, buildUser } from '../../test/factories.ts';
import { appWithOneConnection } from '../../test/one-connection.ts';
import { placeOnly, placeStatement } from './task-order.ts';
import { lockBoard } from './task-queries.ts';

const setup = appWithOneConnection();

type Plan = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows'?: number; Plans?: Plan[] };
const scans = (plan: Plan): Plan[] => [
  ...(plan['Relation Name'] === 'tasks' ? [plan] : []),
  ...(plan.Plans ?? []).flatMap(scans),
];

it('drags a card on a board of 6,000 tasks reading its column only, with one generic plan', async () => {
  const db = setup.app().database.db;
  const pm = await buildUser(db, { role: 'projectManager' });
  const project = await buildProject(db);
  // Five sprints of 1,000 tasks and 1,000 in New Tasks; the sprint the cards go to holds 10.
  const made = (await db.execute(sql`
    with made as (insert into sprints (project_id) select ${project.id} from generate_series(1, 6) returning id)
    select array_agg(id order by id) as ids from made`)) as unknown as { rows: Array<{ ids: number[] }> };
  const [target, ...full] = made.rows[0]!.ids;
  await db.execute(sql`
    insert into tasks (project_id, sprint_id, title, position)
    select ${project.id}, case when i <= 1000 then null else (${sql.raw(`array[${full.join(',')}]`)})[(i - 1) / 1000] end,
      'Task ' || i, i % 1000
    from generate_series(1, 6000) i`);
  await db.execute(sql`
    insert into tasks (project_id, sprint_id, title, position)
    select ${project.id}, ${target}, 'Small ' || i, i from generate_series(1, 10) i`);
  await db.execute(sql`analyze tasks`);
  const ids =
    (await db.execute(sql`select id from tasks where project_id = ${project.id} and sprint_id is null
    order by id limit 8`)) as unknown as { rows: Array<{ id: number }> };

  const one = setup.one().db;
  for (const [i, { id }] of ids.rows.entries()) {
    const result = await one.transaction(async (tx) => {
      await lockBoard(tx, project.id);
      return placeOnly(tx, {
        projectId: project.id,
        taskId: id,
        sprintId: target,
        index: i,
        actorId: pm.id,
        now: new Date(),
      });
    });
    expect(result).toBe('placed');
  }
  const column = (await db.execute(sql`select title from tasks where sprint_id = ${target}
    order by position, id`)) as unknown as { rows: Array<{ title: string }> };
  expect(column.rows).toHaveLength(18);
  expect(column.rows.slice(0, 8).map((r) => r.title)).toEqual(ids.rows.map((_, i) => `Task ${i + 1}`));

  const plans = (await one.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where name = 'task_place_to_sprint'`)) as unknown as {
    rows: Array<{ generic: number; custom: number }>;
  };
  expect(plans.rows).toEqual([{ generic: 3, custom: 5 }]);

  // The kept plan, run once more and rolled back: no scan of tasks returns more than the column.
  const last = ids.rows.at(-1)!.id;
  await one
    .transaction(async (tx) => {
      // The statement's parameters in their order ($1, $2, …), as preparedStatement fills them (the
      // constants among them, such as the live events' channel, as they are).
      const values: Record<string, unknown> = {
        projectId: project.id,
        taskId: last,
        sprintId: target,
        index: 0,
        actorId: pm.id,
        now: new Date(),
      };
      const order = new PgDialect().sqlToQuery(placeStatement(true)()).params;
      // EXPLAIN takes no bound parameters: the values go in as literals.
      const literal = (v: unknown) =>
        typeof v === 'number'
          ? String(v)
          : `'${(v instanceof Date ? v.toISOString() : String(v)).replace(/'/g, "''")}'`;
      const args = sql.raw(
        order.map((p) => literal(p instanceof Placeholder ? values[p.name] : p)).join(', '),
      );
      const explained = (await tx.execute(
        sql`explain (analyze, format json) execute task_place_to_sprint(${args})`,
      )) as unknown as {
        rows: Array<{ 'QUERY PLAN': Array<{ Plan: Plan }> }>;
      };
      const plan = explained.rows[0]!['QUERY PLAN'][0]!.Plan;
      const read = scans(plan).map((s) => s['Actual Rows'] ?? 0);
      expect(read.length).toBeGreaterThan(0);
      expect(Math.max(...read)).toBeLessThanOrEqual(18);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
});
