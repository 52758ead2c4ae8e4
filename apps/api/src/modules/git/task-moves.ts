import {
  actionsFor,
  applyTaskAction,
  type GitTaskCommand,
  SPRINT_STATUS,
  TASK_ACTION_STAMPS,
  type TaskStatusId,
} from '@dd/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
  // One statement (docs/adr/0027-report-and-chat-costs.md): the move claimed, and only when it is new,
  // the task locked and, from the locked row, its sprint's status read.
  const claimed = (await tx.execute(sql`
    with claimed as (
      insert into ${gitTaskMoves} (task_id, action, source, created_at)
      values (${command.taskId}, ${command.action}, ${input.source}, ${now})
      on conflict do nothing
      returning task_id
    )
    select t.id, t.title, t.task_status_id,
      (select s.sprint_status_id from ${sprints} s where s.id = t.sprint_id) as sprint_status_id
    from ${tasks} t
    where t.id = (select task_id from claimed) and t.project_id = ${projectId}
    for update`)) as unknown as {
    rows: Array<{ id: number; title: string; task_status_id: number; sprint_status_id: number | null }>;
  };
  const row = claimed.rows[0];
  if (!row) return;
  const task = { id: Number(row.id), title: row.title, taskStatusId: Number(row.task_status_id) };
  const from = task.taskStatusId as TaskStatusId;
  const sprint = row.sprint_status_id === null ? undefined : { status: Number(row.sprint_status_id) };
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
