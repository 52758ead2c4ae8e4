import { DELIVERY_TASK_STATUSES, TASK_STATUS } from '@dd/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tasks, taskTypes } from '../../db/schema/index.ts';
import { users } from '../../db/schema/people.ts';
import type { DbOrTx } from '../board/tx.ts';

const deliverer = alias(users, 'deliverer');
const decider = alias(users, 'decider');

/** What a delivery shows: the task's client-safe fields and the names of who delivered and decided. */
export const deliveryColumns = {
  id: tasks.id,
  projectId: tasks.projectId,
  title: tasks.title,
  description: tasks.description,
  taskStatusId: tasks.taskStatusId,
  taskType: taskTypes.title,
  estimate: tasks.estimate,
  deliveredAt: tasks.deliveredAt,
  deliveredByName: deliverer.name,
  decidedAt: tasks.decidedAt,
  decidedByName: decider.name,
  reason: tasks.decisionReason,
};
export type DeliveryRow = {
  id: number;
  projectId: number;
  title: string;
  description: string | null;
  taskStatusId: number;
  taskType: string | null;
  estimate: string | null;
  deliveredAt: Date | null;
  deliveredByName: string | null;
  decidedAt: Date | null;
  decidedByName: string | null;
  reason: string | null;
};

const fromDeliveries = (db: DbOrTx) =>
  db
    .select(deliveryColumns)
    .from(tasks)
    .leftJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .leftJoin(deliverer, eq(deliverer.id, tasks.deliveredById))
    .leftJoin(decider, eq(decider.id, tasks.decidedById));

/** `waiting`: status 4 only; `decided`: 5 and 6; none: all three. */
export type DeliveryFilter = 'waiting' | 'decided' | undefined;
const statusesOf = (filter: DeliveryFilter) =>
  filter === 'waiting'
    ? [TASK_STATUS.delivered]
    : filter === 'decided'
      ? [TASK_STATUS.accepted, TASK_STATUS.rejected]
      : [...DELIVERY_TASK_STATUSES];

/**
 * One page of a project's deliveries, newest delivery first (the partial indexes tasks_delivery_idx and,
 * for the waiting ones, tasks_waiting_idx). The page reads one row more than it shows to tell whether
 * another follows; only the waiting list, which the board keeps short, is counted. An exact count of
 * the decided list, which only grows, cost 3 ms of every request at 20,000 tasks against 0.1 ms for the
 * page (docs/adr/0027-report-and-chat-costs.md).
 */
export async function listDeliveries(
  db: DbOrTx,
  projectId: number,
  options: { filter: DeliveryFilter; page: number; size: number },
): Promise<{ rows: DeliveryRow[]; hasMore: boolean; total?: number }> {
  const where = and(eq(tasks.projectId, projectId), inArray(tasks.taskStatusId, statusesOf(options.filter)));
  const [found, counted] = await Promise.all([
    fromDeliveries(db)
      .where(where)
      .orderBy(sql`${tasks.deliveredAt} desc nulls last`, desc(tasks.id))
      .limit(options.size + 1)
      .offset((options.page - 1) * options.size),
    options.filter === 'waiting'
      ? db.select({ total: sql<number>`count(*)::int` }).from(tasks).where(where)
      : null,
  ]);
  const rows = found.slice(0, options.size) as DeliveryRow[];
  const hasMore = found.length > options.size;
  return counted ? { rows, hasMore, total: counted[0]?.total ?? 0 } : { rows, hasMore };
}

export async function loadDelivery(db: DbOrTx, taskId: number): Promise<DeliveryRow | undefined> {
  const [row] = await fromDeliveries(db).where(eq(tasks.id, taskId));
  return row as DeliveryRow | undefined;
}
