import { SPRINT_STATUS, TASK_STATUS, TASK_TYPE } from '@dd/domain';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { sprints, tasks, users } from '../../db/schema/index.ts';
import { projectUserIds } from './project-users.ts';
import type { DbOrTx } from './tx.ts';

export type SidebarCounts = {
  doneTask: number;
  projectUser: number;
  ownTask: number;
  newTask: number;
  devRoadblock: number;
  clientRoadblock: number;
};

const count = sql<number>`count(*)::int`;

/**
 * GET /page-tasks/sidebar (docs/product.md §A3 sidebar information). Done = accepted tasks and the tasks of finished
 * sprints, so the count follows an Accept at once (docs/product.md §F5); new = tasks in
 * no sprint; own = tasks the caller owns; roadblocks = open Blocker tasks, counted as client-roadblock when
 * a client raised them (their requester) and dev-roadblock otherwise.
 */
export async function sidebarCounts(db: DbOrTx, projectId: number, actorId: number): Promise<SidebarCounts> {
  const [done] = await db
    .select({ n: count })
    .from(tasks)
    .leftJoin(sprints, eq(sprints.id, tasks.sprintId))
    .where(
      and(
        eq(tasks.projectId, projectId),
        or(eq(tasks.taskStatusId, TASK_STATUS.accepted), eq(sprints.sprintStatusId, SPRINT_STATUS.finished)),
      ),
    );
  const [fresh] = await db
    .select({ n: count })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), isNull(tasks.sprintId)));
  const [own] = await db
    .select({ n: count })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), eq(tasks.ownerId, actorId)));
  const blockers = await db
    .select({ role: users.role, n: count })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.requesterId))
    .where(
      and(
        eq(tasks.projectId, projectId),
        eq(tasks.taskTypeId, TASK_TYPE.blocker),
        ne(tasks.taskStatusId, TASK_STATUS.accepted),
      ),
    )
    .groupBy(users.role);
  const clientRoadblock = blockers.filter((b) => b.role === 'client').reduce((s, b) => s + b.n, 0);
  const devRoadblock = blockers.filter((b) => b.role !== 'client').reduce((s, b) => s + b.n, 0);
  return {
    doneTask: done?.n ?? 0,
    projectUser: (await projectUserIds(db, projectId)).length,
    ownTask: own?.n ?? 0,
    newTask: fresh?.n ?? 0,
    devRoadblock,
    clientRoadblock,
  };
}
