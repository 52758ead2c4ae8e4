import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskComments, users } from '../../db/schema/index.ts';
import { recordEvent } from './history.ts';
import type { TaskWithTags } from './task-queries.ts';
import type { DbOrTx } from './tx.ts';

export type CommentRow = {
  id: number;
  taskId: number;
  body: string;
  createdAt: Date;
  authorId: number | null;
  authorName: string | null;
  authorAvatar: string | null;
};

const columns = {
  id: taskComments.id,
  taskId: taskComments.taskId,
  body: taskComments.body,
  createdAt: taskComments.createdAt,
  authorId: taskComments.authorId,
  authorName: users.name,
  authorAvatar: users.avatar,
};

/** The Comments tab: a task's comments, oldest first, each with its author. */
export function listComments(db: DbOrTx, taskId: number): Promise<CommentRow[]> {
  return db
    .select(columns)
    .from(taskComments)
    .leftJoin(users, eq(users.id, taskComments.authorId))
    .where(eq(taskComments.taskId, taskId))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
}

export async function addComment(
  db: Db,
  task: TaskWithTags,
  body: string,
  who: { actorId: number; now: Date },
) {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taskComments)
      .values({ taskId: task.id, authorId: who.actorId, body, createdAt: who.now })
      .returning({ id: taskComments.id });
    await recordEvent(tx, {
      projectId: task.projectId,
      actorId: who.actorId,
      entity: 'comment',
      entityId: row!.id,
      action: 'created',
      details: { taskId: task.id, title: task.title },
      at: who.now,
    });
    return row!.id;
  });
  const [comment] = await db
    .select(columns)
    .from(taskComments)
    .leftJoin(users, eq(users.id, taskComments.authorId))
    .where(eq(taskComments.id, id));
  return comment!;
}
