import { computeReport, type ProjectReport, type ReportAction } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { projectEvents, projectUpdates, scheduledCalls, sprints, tasks } from '../../db/schema/index.ts';

/** A timestamp as whole epoch milliseconds: what node-postgres makes of it (a Date truncates to the ms). */
const ms = (column: unknown) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

type ReportRows = {
  sprints: Array<[id: number, startedAt: number | null, finishedAt: number | null]>;
  tasks: Array<
    [id: number, sprintId: number | null, estimate: number | null, statusId: number, typeId: number | null]
  >;
  events: Array<[taskId: number, action: ReportAction, at: number]>;
  updates: number[];
  roadblocks: number;
  calls: number;
};

/**
 * Everything the report reads, in one statement and one row (docs/adr/0027-report-and-chat-costs.md):
 * the project's sprints; the tasks of the sprints that ran in the period and those tasks' status
 * changes (the partial index project_events_task_status_idx probed by the tasks' ids, its predicate
 * written out so that a generic plan still matches it: joined to the tasks, PostgreSQL scanned the
 * project's whole history instead, 80,000 rows at the bench's size); the period's updates, the calls
 * held and the open roadblocks of the whole project (tasks_open_blocker_idx). Lists come back as JSON arrays of
 * arrays with timestamps as epoch milliseconds: PostgreSQL builds one text value and node parses it
 * natively, instead of 5,000 rows of Dates through the driver and drizzle's row mapping.
 * Which sprints ran compares at millisecond precision, as the Dates of the computation do.
 */
const reportRows = preparedStatement<
  ReportRows,
  { projectId: number; from: Date; to: Date; now: Date; callsTo: Date }
>('report_rows', () => {
  const project = sql.placeholder('projectId');
  const from = sql`${sql.placeholder('from')}::timestamptz`;
  const to = sql`${sql.placeholder('to')}::timestamptz`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return sql`
    with ran as (
      select ${sprints.id} as id from ${sprints}
      where ${sprints.projectId} = ${project}::int and ${sprints.startedAt} is not null
        and date_trunc('milliseconds', ${sprints.startedAt}) <= ${to}
        and coalesce(date_trunc('milliseconds', ${sprints.finishedAt}), ${now}) >= ${from}
    ), ran_tasks as materialized (
      select ${tasks.id} as id, ${tasks.sprintId} as sprint_id, ${tasks.estimate} as estimate,
        ${tasks.taskStatusId} as status_id, ${tasks.taskTypeId} as type_id
      from ${tasks}
      where ${tasks.projectId} = ${project}::int and ${tasks.sprintId} = any(array(select id from ran))
    )
    select
      (select coalesce(json_agg(json_build_array(${sprints.id}, ${ms(sprints.startedAt)}, ${ms(sprints.finishedAt)})), '[]')
        from ${sprints} where ${sprints.projectId} = ${project}::int) as sprints,
      (select coalesce(json_agg(json_build_array(id, sprint_id, estimate, status_id, type_id)), '[]') from ran_tasks) as tasks,
      (select coalesce(json_agg(json_build_array(e.entity_id, e.action, ${ms(sql`e.created_at`)})), '[]')
        from ${projectEvents} e
        where e.project_id = ${project}::int and e.entity_id = any(array(select id from ran_tasks))
          and e.entity = 'task' and e.action in ('start', 'finish', 'deliver', 'accept', 'reject', 'restart')
      ) as events,
      (select coalesce(json_agg(${ms(projectUpdates.createdAt)}), '[]') from ${projectUpdates}
        where ${projectUpdates.projectId} = ${project}::int
          and ${projectUpdates.createdAt} >= ${from} and ${projectUpdates.createdAt} <= ${to}) as updates,
      (select count(*)::int from ${tasks} where ${tasks.projectId} = ${project}::int
        and ${tasks.taskTypeId} = 2 and ${tasks.taskStatusId} <> 5) as roadblocks,
      (select count(*)::int from ${scheduledCalls} where ${scheduledCalls.projectId} = ${project}::int
        and ${scheduledCalls.status} = 'booked' and ${scheduledCalls.scheduledAt} >= ${from}
        and ${scheduledCalls.scheduledAt} <= ${sql.placeholder('callsTo')}::timestamptz) as calls`;
});

const dateOrNull = (at: number | null) => (at === null ? null : new Date(at));

/**
 * Loads what the performance report needs (docs/adr/0021-delivery-review-and-report.md) and computes it:
 * the project's sprints, the tasks of the sprints that ran in the period, those tasks' status changes
 * from the project history, the period's updates and the calls held. Open roadblocks count over the
 * whole project.
 */
export async function loadReport(db: Db, projectId: number, period: { from: Date; to: Date; now: Date }) {
  const { from, to, now } = period;
  const [rows] = await reportRows(db, { projectId, from, to, now, callsTo: to < now ? to : now });
  const r = rows!;
  const report: ProjectReport = computeReport({
    from,
    to,
    now,
    sprints: r.sprints.map(([id, startedAt, finishedAt]) => ({
      id,
      startedAt: dateOrNull(startedAt),
      finishedAt: dateOrNull(finishedAt),
    })),
    tasks: r.tasks.map(([id, sprintId, estimate, statusId, typeId]) => ({
      id,
      sprintId,
      estimate: estimate === null ? null : Number(estimate),
      statusId,
      typeId,
    })),
    events: r.events.map(([taskId, action, at]) => ({ taskId, action, at: new Date(at) })),
    updates: r.updates.map((at) => new Date(at)),
    callsHeld: r.calls,
  });
  // Roadblocks are the project's, not only the period's sprints'.
  return { ...report, openRoadblocks: r.roadblocks };
}
