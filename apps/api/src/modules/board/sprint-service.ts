import {
  activeSprint,
  finishSprint,
  IllegalSprintTransitionError,
  SPRINT_STATUS,
  type SprintStatusId,
  startSprint,
  TASK_STATUS,
  type UnfinishedTaskTarget,
} from '@dd/domain';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sprints, tasks } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordEvent } from './history.ts';
import { placeTask } from './task-order.ts';
import { lockBoard } from './task-queries.ts';
import type { DbOrTx } from './tx.ts';

export type SprintRow = typeof sprints.$inferSelect;
export type SprintWithTasks = SprintRow & { taskIds: number[] };

export const SPRINT_MESSAGES = {
  start: 'Only a new sprint can start',
  finish: 'Only a started sprint can finish',
  status: 'Send sprint-status-id 2 to start a sprint or 3 to finish it',
} as const;

export async function loadSprint(db: DbOrTx, id: number): Promise<SprintRow> {
  const [sprint] = await db.select().from(sprints).where(eq(sprints.id, id)).limit(1);
  if (!sprint) throw notFound('Sprint');
  return sprint;
}

/** A project's sprints, newest first (docs/product.md §A4: the first listed current sprint is the active one). */
export async function listSprints(db: DbOrTx, projectId: number): Promise<SprintWithTasks[]> {
  const rows = await db
    .select()
    .from(sprints)
    .where(eq(sprints.projectId, projectId))
    .orderBy(desc(sprints.createdAt), desc(sprints.id));
  if (rows.length === 0) return [];
  const taskRows = await db
    .select({ id: tasks.id, sprintId: tasks.sprintId })
    .from(tasks)
    .where(
      inArray(
        tasks.sprintId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(tasks.position), asc(tasks.id));
  return rows.map((r) => ({ ...r, taskIds: taskRows.filter((t) => t.sprintId === r.id).map((t) => t.id) }));
}

/** POST /sprint/create: a new sprint, created without a start (docs/product.md §A4). */
export async function createSprint(db: Db, projectId: number, actorId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [sprint] = await tx.insert(sprints).values({ projectId, createdAt: now }).returning();
    await recordEvent(tx, {
      projectId,
      actorId,
      entity: 'sprint',
      entityId: sprint!.id,
      action: 'created',
      at: now,
    });
    return sprint!;
  });
}

function toState(s: SprintRow) {
  return { statusId: s.sprintStatusId as SprintStatusId, started: s.startedAt, finished: s.finishedAt };
}

/**
 * PATCH /sprint/{id}: status 2 starts (started time), status 3 finishes (finished time). Finishing moves
 * every task not yet accepted to the next sprint (the newest other current one, created when there is
 * none) or back to New Tasks, as the finish dialog chose; the accepted ones stay and show under Done.
 */
export async function changeSprintStatus(
  db: Db,
  sprint: SprintRow,
  input: { statusId: number; unfinished: UnfinishedTaskTarget; actorId: number; now: Date },
) {
  const { now, actorId } = input;
  const projectId = sprint.projectId;
  return db.transaction(async (tx) => {
    await lockBoard(tx, projectId);
    const fresh = await loadSprint(tx, sprint.id);
    const base = { projectId, actorId, entity: 'sprint' as const, entityId: sprint.id, at: now };
    try {
      if (input.statusId === SPRINT_STATUS.started) {
        const next = startSprint(toState(fresh), now);
        await tx
          .update(sprints)
          .set({ sprintStatusId: next.statusId, startedAt: next.started })
          .where(eq(sprints.id, sprint.id));
        await recordEvent(tx, { ...base, action: 'started' });
      } else if (input.statusId === SPRINT_STATUS.finished) {
        const next = finishSprint(toState(fresh), now);
        await tx
          .update(sprints)
          .set({ sprintStatusId: next.statusId, finishedAt: next.finished })
          .where(eq(sprints.id, sprint.id));
        const moved = await moveUnfinished(tx, fresh, input.unfinished, actorId, now);
        await recordEvent(tx, { ...base, action: 'finished', details: { moved: moved.count, to: moved.to } });
      } else {
        throw new AppError('unprocessable', {
          title: SPRINT_MESSAGES.status,
          pointer: '/data/attributes/sprint-status-id',
        });
      }
    } catch (error) {
      if (error instanceof IllegalSprintTransitionError)
        throw new AppError('unprocessable', {
          title: SPRINT_MESSAGES[error.action],
          pointer: '/data/attributes/sprint-status-id',
        });
      throw error;
    }
    return loadSprint(tx, sprint.id);
  });
}

async function moveUnfinished(
  tx: DbOrTx,
  sprint: SprintRow,
  target: UnfinishedTaskTarget,
  actorId: number,
  now: Date,
): Promise<{ count: number; to: number | null }> {
  const open = await tx
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(and(eq(tasks.sprintId, sprint.id), ne(tasks.taskStatusId, TASK_STATUS.accepted)))
    .orderBy(asc(tasks.position), asc(tasks.id));
  if (open.length === 0) return { count: 0, to: null };
  let toSprintId: number | null = null;
  if (target === 'next-sprint') {
    const others = await tx
      .select({ id: sprints.id, statusId: sprints.sprintStatusId })
      .from(sprints)
      .where(and(eq(sprints.projectId, sprint.projectId), ne(sprints.id, sprint.id)));
    toSprintId = activeSprint(others)?.id ?? null;
    if (toSprintId === null) {
      const [created] = await tx
        .insert(sprints)
        .values({ projectId: sprint.projectId, createdAt: now })
        .returning();
      toSprintId = created!.id;
      await recordEvent(tx, {
        projectId: sprint.projectId,
        actorId,
        entity: 'sprint',
        entityId: toSprintId,
        action: 'created',
        at: now,
      });
    }
  }
  for (const task of open) {
    await placeTask(tx, { projectId: sprint.projectId, sprintId: toSprintId, taskId: task.id });
    await tx.update(tasks).set({ updatedAt: now }).where(eq(tasks.id, task.id));
    await recordEvent(tx, {
      projectId: sprint.projectId,
      actorId,
      entity: 'task',
      entityId: task.id,
      action: 'moved',
      details: { title: task.title, fromSprintId: sprint.id, toSprintId, position: null },
      at: now,
    });
  }
  return { count: open.length, to: toSprintId };
}
