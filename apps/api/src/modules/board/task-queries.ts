import { asc, eq, inArray, sql } from 'drizzle-orm';
import { projects, tasks, taskTags } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { clientIdsOf, type LoadedProjectRef } from '../projects/load-project.ts';
import type { DbOrTx } from './tx.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskWithTags = TaskRow & { tagIds: number[] };

async function withTags(db: DbOrTx, rows: TaskRow[]): Promise<TaskWithTags[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(taskTags)
    .where(
      inArray(
        taskTags.taskId,
        rows.map((r) => r.id),
      ),
    );
  const byTask = new Map<number, number[]>();
  for (const l of links) byTask.set(l.taskId, [...(byTask.get(l.taskId) ?? []), l.tagId]);
  return rows.map((r) => ({ ...r, tagIds: (byTask.get(r.id) ?? []).sort((a, b) => a - b) }));
}

/** The tag ids of a task row, as one array column of the task's own select. */
const tagIdsOf = sql<number[]>`coalesce((select array_agg(tt.tag_id order by tt.tag_id) from ${taskTags} tt
  where tt.task_id = ${tasks.id}), '{}')`;

/** One task with its tag ids, in one statement; 404 when missing. */
export async function loadTask(db: DbOrTx, id: number): Promise<TaskWithTags> {
  const [row] = await db
    .select({ task: tasks, tagIds: tagIdsOf })
    .from(tasks)
    .where(eq(tasks.id, id))
    .limit(1);
  if (!row) throw notFound('Task');
  return { ...row.task, tagIds: row.tagIds.map(Number) };
}

/**
 * One task with its tag ids AND its project's owner and clients, in ONE query (a task read is the hot
 * path while a board is busy: every query is one more wait for a pooled connection); 404 when missing.
 */
export async function loadTaskWithProject(
  db: DbOrTx,
  id: number,
): Promise<{ task: TaskWithTags; project: LoadedProjectRef }> {
  const [row] = await db
    .select({
      task: tasks,
      tagIds: tagIdsOf,
      ownerId: projects.ownerId,
      clientIds: sql<number[]>`${clientIdsOf(projects.id)}`,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(tasks.id, id))
    .limit(1);
  if (!row) throw notFound('Task');
  return {
    task: { ...row.task, tagIds: row.tagIds.map(Number) },
    project: { id: row.task.projectId, ownerId: row.ownerId, clientIds: row.clientIds.map(Number) },
  };
}

/** Every task of a project in board order: by column position, then id. */
export async function listProjectTasks(db: DbOrTx, projectId: number): Promise<TaskWithTags[]> {
  const rows = await db
    .select()
    .from(tasks)
    .where(eq(tasks.projectId, projectId))
    .orderBy(asc(tasks.position), asc(tasks.id));
  return withTags(db, rows);
}

/**
 * Board writes of one project run one at a time: the project row is locked for the transaction, so two
 * drags at once cannot interleave their renumbering. FOR NO KEY UPDATE, not FOR UPDATE: board writers
 * still exclude each other (and a project's deletion waits), but the foreign-key checks of other
 * transactions' rows that point at the project (FOR KEY SHARE: an update posted, a call booked, a chat
 * message, a live event) no longer wait for the whole board transaction (docs/adr/0032).
 */
export async function lockBoard(tx: DbOrTx, projectId: number): Promise<void> {
  await tx.execute(sql`select id from ${projects} where ${projects.id} = ${projectId} for no key update`);
}
