import {
  actionsFor,
  applyTaskAction,
  type GitTaskCommand,
  SPRINT_STATUS,
  TASK_ACTION_STAMPS,
  type TaskStatusId,
} from '@dd/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { gitTaskMoves, sprints, tasks } from '../../db/schema/index.ts';
import { recordEvent } from '../board/history.ts';
import type { Tx } from '../board/tx.ts';
import { notifyDelivered } from '../notifications/review-notifications.ts';

/** Who did it, as the history shows it: the commit (short sha) or request, its author and its link. */
export type GitActor = { provider: string; ref: string; authorName: string; url: string | null };

/** The ids among `ids` that are tasks of this project: a number naming another project's task is nobody's. */
export async function tasksOfProject(tx: Tx, projectId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), inArray(tasks.id, ids)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Moves a task as a commit or request asked, by the board's own rules (the one action from its status,
 * inside a started sprint); a move the lifecycle does not allow is recorded as a note, never forced.
 * `source` names the commit or request: the same command from it is carried out once.
 */
export async function applyGitCommand(
  tx: Tx,
  input: { projectId: number; command: GitTaskCommand; source: string; git: GitActor; now: Date },
): Promise<void> {
  const { projectId, command, now } = input;
  const [claimed] = await tx
    .insert(gitTaskMoves)
    .values({ taskId: command.taskId, action: command.action, source: input.source, createdAt: now })
    .onConflictDoNothing()
    .returning({ taskId: gitTaskMoves.taskId });
  if (!claimed) return;
  const [task] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, command.taskId), eq(tasks.projectId, projectId)))
    .for('update');
  if (!task) return;
  const from = task.taskStatusId as TaskStatusId;
  const [sprint] = task.sprintId
    ? await tx.select({ status: sprints.sprintStatusId }).from(sprints).where(eq(sprints.id, task.sprintId))
    : [];
  const base = { projectId, actorId: null, entity: 'task' as const, entityId: task.id, at: now };
  const offered = actionsFor(from).includes(command.action);
  const inSprint = sprint?.status === SPRINT_STATUS.started;
  if (!offered || !inSprint) {
    await recordEvent(tx, {
      ...base,
      action: 'git-note',
      details: {
        title: task.title,
        requested: command.action,
        from,
        reason: inSprint ? 'not-allowed' : 'not-in-sprint',
        git: input.git,
      },
    });
    return;
  }
  const to = applyTaskAction(from, command.action);
  const stamp = TASK_ACTION_STAMPS[command.action];
  await tx
    .update(tasks)
    .set({ taskStatusId: to, updatedAt: now, ...(stamp ? { [stamp]: now } : {}) })
    .where(eq(tasks.id, task.id));
  await recordEvent(tx, {
    ...base,
    action: command.action,
    details: { title: task.title, from, to, git: input.git },
  });
  // A commit never decides (only the product owner and staff do), but it may deliver.
  if (command.action === 'deliver')
    await notifyDelivered(tx, { projectId, taskId: task.id, title: task.title, actorId: null, at: now });
}
