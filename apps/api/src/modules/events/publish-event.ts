import type { PresenceLiveEventKind, StoredLiveEventKind } from '@dd/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { EVENTS_CHANNEL } from './live-event.ts';

/** A stored change (presence goes through publishPresence, notifications through notifyCtes in modules/notifications/notify.ts). */
export type PublishedChange = {
  kind: Exclude<StoredLiveEventKind, 'notification'>;
  id: number;
  projectId: number;
};

/**
 * Records a change and announces it, in ONE statement run inside the writing transaction: the row in
 * live_events (for replay) and pg_notify, which PostgreSQL delivers at commit and drops on rollback, so
 * an event is sent if and only if the write commits. The project's owner and clients are read in the same
 * statement, as the transaction sees them, so the audience matches the data the event points at. A
 * project that does not exist (deleted in this transaction) produces no event.
 */
export async function publishEvent(db: Pick<Db, 'execute'>, change: PublishedChange): Promise<void> {
  await db.execute(sql`with ${liveEventCtes(change)} select ${notifyLiveEvent} from live_event`);
}

/**
 * publishEvent's two CTEs, `live_audience` and `live_event`, for a statement that makes the change itself
 * and announces it in the same round trip (`id` may then be a subquery of the row it inserts). The
 * statement must select `notifyLiveEvent` from `live_event`; a subquery `id` that finds no row makes no event.
 */
export const liveEventCtes = (change: {
  kind: PublishedChange['kind'];
  id: number | SQL;
  /** A number, or the placeholder of a prepared statement's parameter (an int). */
  projectId: number | SQL;
}): SQL => sql`
    live_audience as (
      select p.id as project_id, p.owner_id,
        coalesce((select array_agg(m.user_id order by m.user_id) from project_members m
                  where m.project_id = p.id and m.kind = 'client'), '{}') as client_ids
      from projects p where p.id = ${change.projectId}
    ), live_event as (
      insert into live_events (kind, resource_id, project_id, owner_id, client_ids)
      select ${change.kind}, ${change.id}, project_id, owner_id, client_ids from live_audience
      ${typeof change.id === 'number' ? sql`` : sql`where ${change.id} is not null`}
      returning id, kind, resource_id, project_id, owner_id, client_ids
    )`;

/** The announcement of the row `live_event` inserted: delivered at commit, dropped on rollback. */
export const notifyLiveEvent = sql`pg_notify(${EVENTS_CHANNEL}, row_to_json(live_event)::text)`;

/**
 * Presence (docs/product.md §F3): "this user has this task open for editing" or "is typing in this project's
 * chat", announced to the project's streams and nowhere stored; the web app repeats it while it lasts and
 * forgets it after a while. `resourceId` is the task (editing) or the project (typing).
 */
export async function publishPresence(
  db: Pick<Db, 'execute'>,
  presence: { kind: PresenceLiveEventKind; resourceId: number; projectId: number; userId: number },
): Promise<void> {
  await db.execute(sql`
    select pg_notify(${EVENTS_CHANNEL}, json_build_object(
      'id', 0, 'kind', ${presence.kind}::text, 'resource_id', ${presence.resourceId}::int, 'project_id', p.id,
      'owner_id', p.owner_id, 'user_id', ${presence.userId}::int,
      'client_ids', coalesce((select array_agg(m.user_id) from project_members m
                              where m.project_id = p.id and m.kind = 'client'), '{}')
    )::text)
    from projects p where p.id = ${presence.projectId}`);
}

/** Presence: this user has this task open for editing (the board's streams hear it). */
export function publishEditing(
  db: Pick<Db, 'execute'>,
  editing: { taskId: number; projectId: number; userId: number },
): Promise<void> {
  return publishPresence(db, { kind: 'editing', resourceId: editing.taskId, ...editing });
}
