// The slot list's one read (available-slots.ts) runs as a named statement whose window bounds PostgreSQL
// cannot see when it plans: after its five custom plans it must keep the generic one. Planned afresh on
// every request, the read spent 0.24 of its 0.37 ms in PostgreSQL planning (docs/benchmarks.md,
// "Planning time"; docs/adr/0033-hot-statements.md).
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildProject, buildUser } from '../../test/factories.ts';
import { appWithOneConnection } from '../../test/one-connection.ts';
import { availableSlots } from './available-slots.ts';

const setup = appWithOneConnection();

it('reads the slot calendar with one generic plan once PostgreSQL has compared', async () => {
  const db = setup.app().database.db;
  const client = await buildUser(db, { name: 'Caller' });
  const project = await buildProject(db, { ownerId: client.id });
  // Calls over the next year, one a day at 10:00 UTC, every third cancelled: the window's calls and more.
  await db.execute(sql`insert into scheduled_calls (project_id, user_id, scheduled_at, timezone, status)
    select ${project.id}::int, ${client.id}::int, date_trunc('day', now()) + g * interval '1 day' + interval '10 hours',
      'UTC', case when g % 3 = 0 then 'cancelled' else 'booked' end
    from generate_series(-400, 400) g`);
  await db.execute(sql`analyze scheduled_calls`);

  const one = setup.one().db;
  const now = new Date();
  let first: unknown;
  for (let i = 0; i < 8; i++) {
    const days = await availableSlots(one, 'Europe/Lisbon', now);
    first ??= days;
    // The same answer from the custom plans and from the generic one.
    expect(days).toEqual(first);
  }
  expect((first as unknown[]).length).toBeGreaterThan(0);
  const plans = (await one.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where name = 'available_slots_calendar'`)) as unknown as {
    rows: Array<{ generic: number; custom: number }>;
  };
  expect(plans.rows).toEqual([{ generic: 3, custom: 5 }]);
});
