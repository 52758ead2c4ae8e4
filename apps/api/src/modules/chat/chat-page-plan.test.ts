// The chat page's read runs inside the auth hook's prepared statement (chat-page.ts, ADR 0028). After
// PostgreSQL's five custom plans it must settle on the generic plan: planned afresh on every request, the
// statement cost 0.5 ms of planning for 0.1 ms of execution on a project of 100,000 messages
// (docs/benchmarks.md, chat). The count over a big project looks cheaper to a custom plan, which sees
// the project id, than to the generic one; message-queries.ts hides the id from the estimate.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { appWithOneConnection } from '../../test/one-connection.ts';
import { readVersionsAndSession } from '../auth/sessions.ts';
import { chatPageRead } from './chat-page.ts';

const setup = appWithOneConnection();

it('reads a big project’s chat page with the generic plan once PostgreSQL has compared', async () => {
  const db = setup.app().database.db;
  const one = setup.one();
  const { user, headers } = await withSessionAs(db, 'superAdmin');
  const big = await buildProject(db, { ownerId: user.id });
  const others = (await db.execute(sql`insert into projects (title, owner_id)
    select 'Other ' || g, ${user.id}::int from generate_series(1, 60) g returning id`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  const first = Math.min(...others.rows.map((r) => Number(r.id)));
  // A quarter of the messages in one project, the rest spread thin, as in the bench: the skew that made
  // a custom plan for the big project look cheaper than the generic one.
  await db.execute(sql`insert into messages (project_id, author_id, body, created_at)
    select case when g % 4 = 0 then ${big.id}::int else ${first}::int + g % 60 end, ${user.id}::int,
      'Message ' || g, now() - interval '1 day'
    from generate_series(1, 40000) g`);
  await db.execute(sql`analyze messages`);

  const token = headers.authorization.replace('Bearer ', '');
  for (let i = 0; i < 8; i++) {
    const { read } = await readVersionsAndSession(one.pool, token, new Date(), {
      read: chatPageRead,
      params: { id: big.id },
    });
    expect(read).not.toBeNull();
  }
  const plans = (await one.db.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where name = 'auth_versions_and_session__chat_page'`)) as unknown as {
    rows: Array<{ generic: number; custom: number }>;
  };
  // Five custom plans to compare with, then the generic plan for the rest.
  expect(plans.rows).toEqual([{ generic: 3, custom: 5 }]);
});
