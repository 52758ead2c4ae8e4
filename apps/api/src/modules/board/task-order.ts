import { asc, eq, sql } from 'drizzle-orm';
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
  // One read of the project's tasks in board order, one write for every row that moves: the caller's
  // transaction holds a pooled connection meanwhile, so each round trip is one more wait for readers.
  const current = await tx
    .select({ id: tasks.id, position: tasks.position, sprintId: tasks.sprintId })
    .from(tasks)
    .where(eq(tasks.projectId, input.projectId))
    .orderBy(asc(tasks.position), asc(tasks.id));
  const ids = current.filter((r) => r.sprintId === input.sprintId && r.id !== input.taskId).map((r) => r.id);
  const at = input.index === undefined ? ids.length : Math.min(Math.max(input.index, 0), ids.length);
  ids.splice(at, 0, input.taskId);
  const byId = new Map(current.map((r) => [r.id, r]));
  const moved = [...ids.entries()].filter(([position, id]) => {
    const row = byId.get(id);
    return !(row && row.position === position && row.sprintId === input.sprintId);
  });
  if (moved.length === 0) return;
  const list = (values: number[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  await tx.execute(sql`
    update ${tasks} set position = moved.position, sprint_id = ${input.sprintId}
    from unnest(array[${list(moved.map(([, id]) => id))}]::int[],
                array[${list(moved.map(([position]) => position))}]::int[]) as moved(id, position)
    where ${tasks.id} = moved.id`);
}
