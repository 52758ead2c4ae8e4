import { eq } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.ts';
import { columnTaskIds } from './task-queries.ts';
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
  const ids = (await columnTaskIds(tx, input.projectId, input.sprintId)).filter((id) => id !== input.taskId);
  const at = input.index === undefined ? ids.length : Math.min(Math.max(input.index, 0), ids.length);
  ids.splice(at, 0, input.taskId);
  const current = await tx
    .select({ id: tasks.id, position: tasks.position, sprintId: tasks.sprintId })
    .from(tasks)
    .where(eq(tasks.projectId, input.projectId));
  const byId = new Map(current.map((r) => [r.id, r]));
  for (const [position, id] of ids.entries()) {
    const row = byId.get(id);
    if (row && row.position === position && row.sprintId === input.sprintId) continue;
    await tx.update(tasks).set({ position, sprintId: input.sprintId }).where(eq(tasks.id, id));
  }
}
