// An update's post is one statement (project-updates.ts) sent named: after PostgreSQL's five custom
// plans it must keep the generic one. Sent as text, it was planned on every post: 0.9 of the 1.6 ms it
// cost PostgreSQL (docs/benchmarks.md, "Planning time"; docs/adr/0033-hot-statements.md).
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildProject, buildUser } from '../../test/factories.ts';
import { appWithOneConnection } from '../../test/one-connection.ts';
import { postProjectUpdate } from './project-updates.ts';

const setup = appWithOneConnection();

it('posts updates with one generic plan once PostgreSQL has compared, notifying the clients each time', async () => {
  const db = setup.app().database.db;
  const [pm, client] = [await buildUser(db, { name: 'PM' }), await buildUser(db, { name: 'Client' })];
  const projects = [
    await buildProject(db, { ownerId: client.id, title: 'Harbor' }),
    await buildProject(db, { ownerId: client.id, title: 'Quay' }),
  ];
  const one = setup.one().db;
  for (let i = 0; i < 8; i++) {
    const project = projects[i % 2]!;
    const posted = await postProjectUpdate(one, {
      projectId: project.id,
      title: `Day ${i}`,
      description: 'Done: *things*',
      reporterUserId: pm.id,
    });
    expect(posted).toMatchObject({ projectId: project.id, title: `Day ${i}`, reporterUserId: pm.id });
  }
  const notes = (await db.execute(sql`select title, link from notifications where user_id = ${client.id}
    order by id`)) as unknown as { rows: Array<{ title: string; link: string }> };
  expect(notes.rows).toHaveLength(8);
  expect(notes.rows[1]).toEqual({
    title: 'New update on "Quay"',
    link: `/project/daily-updates/${projects[1]!.id}`,
  });
  const plans = (await one.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where name = 'project_update_post'`)) as unknown as {
    rows: Array<{ generic: number; custom: number }>;
  };
  expect(plans.rows).toEqual([{ generic: 3, custom: 5 }]);
});
