import { SPRINT_STATUS } from '@dd/domain';
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared.ts';
import { projectEvents, sprints, tasks } from '../../db/schema/index.ts';
import { liveEventCtes, notifyLiveEvent } from '../events/publish-event.ts';
import type { DbOrTx } from './tx.ts';

/**
 * The column renumbered around the moved task, as two CTEs over a `col` CTE of the column's other rows
 * (id, rn: their 0-based order): `spot`, where the task goes (clamped to the column), and `wanted`, every
 * row's new position. `when` gates the task's own row (a drag whose checks failed writes nothing).
 */
function spliceCtes(p: { index: SQL; taskId: SQL; when?: SQL }): SQL {
  const gate = p.when ? sql` where ${p.when}` : sql``;
  return sql`spot as (
      select least(greatest(${p.index}, 0), (select count(*) from col))::int as at
    ), wanted as (
      select id, case when rn < (select at from spot) then rn else rn + 1 end as position from col
      union all select ${p.taskId}, (select at from spot)${gate}
    )`;
}

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
    ), ${spliceCtes({ index: sql`${input.index ?? last}::int`, taskId: sql`${input.taskId}::int` })}
    update ${tasks} set position = wanted.position, sprint_id = ${input.sprintId}::int
    from wanted
    where ${tasks.id} = wanted.id
      and (${tasks.position} <> wanted.position or ${tasks.sprintId} is distinct from ${input.sprintId}::int)`);
}

export type Placement = {
  projectId: number;
  taskId: number;
  /** The column to put it in (a sprint, or null for New Tasks); undefined keeps the task's own. */
  sprintId: number | null | undefined;
  index: number;
  actorId: number;
  now: Date;
};

/** What placeOnly found: the task missing, the sprint not this project's or finished, or the move made. */
export type PlacementResult = 'not-found' | 'other-project' | 'finished' | 'placed';

/**
 * A drag on the board (PATCH with a position and at most a sprint): the task read, the target sprint
 * checked, the column renumbered with the task's updated_at, and the history row with its live event, in
 * ONE statement after the board lock (docs/adr/0032: a board's writes queue on that lock, so each round
 * trip inside it is a wait for every other writer of the board), named so that it is planned once per
 * connection (docs/adr/0033-hot-statements.md). The same rows, checks and events as updateTask's general
 * path (loadTask, checkSprint, placeTask, recordEvent); when a check fails, nothing is written and the
 * caller throws. `toSprint`: the statement that moves to the sprint parameter, otherwise the one that
 * keeps the task's own column.
 */
export const placeStatement = (toSprint: boolean) => () => {
  const param = {
    projectId: sql`${sql.placeholder('projectId')}::int`,
    taskId: sql`${sql.placeholder('taskId')}::int`,
    index: sql`${sql.placeholder('index')}::int`,
    actorId: sql`${sql.placeholder('actorId')}::int`,
    now: sql`${sql.placeholder('now')}::timestamptz`,
  };
  const target = toSprint ? sql`${sql.placeholder('sprintId')}::int` : sql`(select sprint_id from fresh)`;
  return sql`
    with fresh as (
      select ${tasks.id} as id, ${tasks.sprintId} as sprint_id, ${tasks.title} as title
      from ${tasks} where ${tasks.id} = ${param.taskId} and ${tasks.projectId} = ${param.projectId}
    ), goal as (
      select ${target} as sprint_id, (${target}) is distinct from (select sprint_id from fresh) as moving
    ), problem as (
      select case
        when not exists (select 1 from fresh) then 'not-found'
        when not (select moving from goal) or (select sprint_id from goal) is null then null
        when s.id is null then 'other-project'
        when s.sprint_status_id = ${sql.raw(String(SPRINT_STATUS.finished))} then 'finished'
      end as problem
      from (select 1) as one
      left join ${sprints} s on s.id = (select sprint_id from goal) and s.project_id = ${param.projectId}
    ), go as (
      select (select problem from problem) is null as go
    ), col as (
      -- The column as two branches, one of them empty: a sprint's tasks by tasks_sprint_idx, or New Tasks
      -- (no sprint) by tasks_project_idx, as placeTask reads them; "sprint_id is not distinct from" would
      -- read every task of the project.
      select id, (row_number() over (order by position, id) - 1)::int as rn
      from (
        select ${tasks.id} as id, ${tasks.position} as position from ${tasks}
        where ${tasks.sprintId} = (select sprint_id from goal) and ${tasks.projectId} = ${param.projectId}
        union all
        select ${tasks.id}, ${tasks.position} from ${tasks}
        where (select sprint_id from goal) is null and ${tasks.projectId} = ${param.projectId}
          and ${tasks.sprintId} is null
      ) as in_column
      where id <> ${param.taskId} and (select go from go)
    ), ${spliceCtes({ index: param.index, taskId: param.taskId, when: sql`(select go from go)` })}, placed as (
      update ${tasks} set position = wanted.position, sprint_id = (select sprint_id from goal),
        updated_at = case when ${tasks.id} = ${param.taskId} then ${param.now} else ${tasks.updatedAt} end
      from wanted
      -- The ids as an array too: the plan kept for every drag knows nothing of how many rows "wanted"
      -- holds and would join them to a scan of every task; = any(array) reads them by the primary key.
      where ${tasks.id} = any((select array_agg(id) from wanted)::int[]) and ${tasks.id} = wanted.id
        and (${tasks.position} <> wanted.position or ${tasks.sprintId} is distinct from (select sprint_id from goal)
          or ${tasks.id} = ${param.taskId})
      returning ${tasks.id}
    ), history as (
      insert into ${projectEvents} (project_id, actor_id, entity, entity_id, action, details, created_at)
      select ${param.projectId}, ${param.actorId}, 'task', ${param.taskId},
        case when goal.moving then 'moved' else 'reordered' end,
        jsonb_build_object('title', fresh.title, 'fromSprintId', fresh.sprint_id,
          'toSprintId', goal.sprint_id, 'position', ${param.index}),
        ${param.now}
      from fresh, goal where (select go from go)
    ),
    ${liveEventCtes({ kind: 'task', id: sql`(select ${param.taskId} where (select go from go))`, projectId: param.projectId })}
    select (select problem from problem) as problem,
      (select count(*) from (select ${notifyLiveEvent} from live_event) as sent)::int as announced`;
};

type PlaceRow = { problem: Exclude<PlacementResult, 'placed'> | null };
type PlaceParams = Omit<Placement, 'sprintId'> & { sprintId?: number | null };
const placeToSprint = preparedStatement<PlaceRow, PlaceParams>('task_place_to_sprint', placeStatement(true));
const placeInColumn = preparedStatement<PlaceRow, PlaceParams>('task_place_in_column', placeStatement(false));

export async function placeOnly(tx: DbOrTx, p: Placement): Promise<PlacementResult> {
  const { sprintId, ...rest } = p;
  const rows =
    sprintId === undefined ? await placeInColumn(tx, rest) : await placeToSprint(tx, { ...rest, sprintId });
  return rows[0]?.problem ?? 'placed';
}
