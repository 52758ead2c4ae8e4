import { sql } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.ts';
import type { DbOrTx } from './tx.ts';

/**
 * Puts a task at `index` of a column (a sprint, or New Tasks when `sprintId` is null) and renumbers the
 * column 0..n-1, so the order the user dragged is the order every later reader gets. Without an index the
 * task goes to the end. Only rows whose position changes are written.
 */
export async function placeTask(
  tx: DbOrTx,
  input: { projectId: number; sprintId: number | null; taskId: number; index?: number },
): Promise<void> {
  // ONE statement: the column read in board order, the task spliced in and only the rows whose position
  // or column changes written, inside PostgreSQL. The caller's transaction holds the board lock and a
  // pooled connection meanwhile (docs/adr/0032), and reading the project's tasks into the server to
  // renumber them cost a round trip more and every task of the project parsed.
  const column =
    input.sprintId === null
      ? sql`${tasks.projectId} = ${input.projectId} and ${tasks.sprintId} is null`
      : sql`${tasks.projectId} = ${input.projectId} and ${tasks.sprintId} = ${input.sprintId}`;
  const last = 2_147_483_647;
  await tx.execute(sql`
    with col as (
      select ${tasks.id} as id, (row_number() over (order by ${tasks.position}, ${tasks.id}) - 1)::int as rn
      from ${tasks} where ${column} and ${tasks.id} <> ${input.taskId}
    ), spot as (
      select least(greatest(${input.index ?? last}::int, 0), (select count(*) from col))::int as at
    ), wanted as (
      select id, case when rn < (select at from spot) then rn else rn + 1 end as position from col
      union all select ${input.taskId}::int, (select at from spot)
    )
    update ${tasks} set position = wanted.position, sprint_id = ${input.sprintId}::int
    from wanted
    where ${tasks.id} = wanted.id
      and (${tasks.position} <> wanted.position or ${tasks.sprintId} is distinct from ${input.sprintId}::int)`);
}
