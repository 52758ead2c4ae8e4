import { computeReport, type ProjectReport, type ReportAction } from '@dd/domain';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectEvents, projectUpdates, scheduledCalls, sprints, tasks } from '../../db/schema/index.ts';

const STATUS_ACTIONS: ReportAction[] = ['start', 'finish', 'deliver', 'accept', 'reject', 'restart'];

/**
 * Loads what the performance report needs (docs/adr/0021-delivery-review-and-report.md) and computes it:
 * the project's sprints, the tasks of the sprints that ran in the period, those tasks' status changes
 * from the project history (the partial index project_events_task_status_idx), the period's updates
 * and the calls held. Open roadblocks count over the whole project.
 */
export async function loadReport(db: Db, projectId: number, period: { from: Date; to: Date; now: Date }) {
  const { from, to, now } = period;
  const sprintRows = await db
    .select({ id: sprints.id, startedAt: sprints.startedAt, finishedAt: sprints.finishedAt })
    .from(sprints)
    .where(eq(sprints.projectId, projectId));
  const ran = sprintRows
    .filter((s) => s.startedAt !== null && s.startedAt <= to && (s.finishedAt ?? now) >= from)
    .map((s) => s.id);
  const ranTasks = and(eq(tasks.projectId, projectId), inArray(tasks.sprintId, ran));
  const [taskRows, events, roadblocks, updates, [calls]] = await Promise.all([
    ran.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: tasks.id,
            sprintId: tasks.sprintId,
            estimate: tasks.estimate,
            statusId: tasks.taskStatusId,
            typeId: tasks.taskTypeId,
          })
          .from(tasks)
          .where(ranTasks),
    // The status changes of those tasks, joined here rather than sent back as a list of ids.
    ran.length === 0
      ? Promise.resolve([])
      : db
          .select({
            taskId: projectEvents.entityId,
            action: projectEvents.action,
            at: projectEvents.createdAt,
          })
          .from(projectEvents)
          .innerJoin(tasks, eq(tasks.id, projectEvents.entityId))
          .where(
            and(
              eq(projectEvents.projectId, projectId),
              eq(projectEvents.entity, 'task'),
              inArray(projectEvents.action, STATUS_ACTIONS),
              ranTasks,
            ),
          ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(and(eq(tasks.projectId, projectId), eq(tasks.taskTypeId, 2), sql`${tasks.taskStatusId} <> 5`)),
    db
      .select({ at: projectUpdates.createdAt })
      .from(projectUpdates)
      .where(
        and(
          eq(projectUpdates.projectId, projectId),
          gte(projectUpdates.createdAt, from),
          lte(projectUpdates.createdAt, to),
        ),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledCalls)
      .where(
        and(
          eq(scheduledCalls.projectId, projectId),
          eq(scheduledCalls.status, 'booked'),
          gte(scheduledCalls.scheduledAt, from),
          lte(scheduledCalls.scheduledAt, to < now ? to : now),
        ),
      ),
  ]);
  const report: ProjectReport = computeReport({
    from,
    to,
    now,
    sprints: sprintRows,
    tasks: taskRows.map((t) => ({ ...t, estimate: t.estimate === null ? null : Number(t.estimate) })),
    events: events.map((e) => ({ ...e, action: e.action as ReportAction })),
    updates: updates.map((u) => u.at),
    callsHeld: calls?.n ?? 0,
  });
  // Roadblocks are the project's, not only the period's sprints'.
  return { ...report, openRoadblocks: roadblocks[0]?.n ?? 0 };
}
