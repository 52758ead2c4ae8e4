import { desc, eq, sql } from 'drizzle-orm';
import { projectEvents, users } from '../../db/schema/index.ts';
import { liveEventCtes, notifyLiveEvent, type PublishedChange } from '../events/publish-event.ts';
import type { DbOrTx } from './tx.ts';

// 'user': a change to a person of the project someone else made (their e-mail, docs/product.md §F4).
// 'call': a discovery call approved, declined, cancelled or moved by staff (docs/product.md §F1).
export type BoardEntity = 'task' | 'sprint' | 'tag' | 'comment' | 'user' | 'call';

/** The live event each history entity announces; a change to a person is history only. */
const LIVE_KIND: Record<BoardEntity, PublishedChange['kind'] | null> = {
  task: 'task',
  sprint: 'sprint',
  tag: 'tag',
  comment: 'comment',
  call: 'call',
  user: null,
};

export type BoardEvent = {
  projectId: number;
  actorId: number | null;
  entity: BoardEntity;
  entityId: number;
  action: string;
  details?: Record<string, unknown>;
  at: Date;
};

/**
 * Project history (docs/product.md §A7): every change to sprints, tasks, tags and comments, written with the change,
 * and announced to the board's live streams (modules/events) when the transaction commits.
 */
export async function recordEvent(db: DbOrTx, event: BoardEvent): Promise<void> {
  const insert = sql`insert into ${projectEvents}
      (project_id, actor_id, entity, entity_id, action, details, created_at)
    values (${event.projectId}, ${event.actorId}, ${event.entity}, ${event.entityId}, ${event.action},
      ${JSON.stringify(event.details ?? {})}::jsonb, ${event.at})`;
  // Every board write records its history here, inside its transaction: the live event goes with it,
  // in the same statement (one round trip per change, docs/adr/0027-report-and-chat-costs.md).
  // History entities that name no live kind are history only.
  const kind = LIVE_KIND[event.entity];
  if (!kind) {
    await db.execute(insert);
    return;
  }
  await db.execute(sql`
    with history as (${insert}),
    ${liveEventCtes({ kind, id: event.entityId, projectId: event.projectId })}
    select ${notifyLiveEvent} from live_event`);
}

export type HistoryRow = {
  id: number;
  entity: string;
  entityId: number;
  action: string;
  details: unknown;
  createdAt: Date;
  actorId: number | null;
  actorName: string | null;
};

/** One page of a project's history, newest first (ties broken by id so pages never overlap). */
export async function listHistory(db: DbOrTx, projectId: number, page: number, size: number) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projectEvents)
    .where(eq(projectEvents.projectId, projectId));
  const rows: HistoryRow[] = await db
    .select({
      id: projectEvents.id,
      entity: projectEvents.entity,
      entityId: projectEvents.entityId,
      action: projectEvents.action,
      details: projectEvents.details,
      createdAt: projectEvents.createdAt,
      actorId: projectEvents.actorId,
      actorName: users.name,
    })
    .from(projectEvents)
    .leftJoin(users, eq(users.id, projectEvents.actorId))
    .where(eq(projectEvents.projectId, projectId))
    .orderBy(desc(projectEvents.createdAt), desc(projectEvents.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total: count, pageCount: Math.max(1, Math.ceil(count / size)) };
}
