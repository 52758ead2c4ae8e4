import { NOTIFICATION_PAGE_SIZE } from '@dd/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { rowsOf } from './notify.ts';

export type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'kind' | 'title' | 'link' | 'createdAt' | 'readAt' | 'subjectId'
> & {
  /** A call-awaiting-approval entry's call as it is now (null: gone, or another kind). */
  callStatus: string | null;
};

/** The unread count's statement (at most 100 index entries; see unreadCount). */
const unreadSql = (userId: number) =>
  sql`(select count(*)::int from (select id from notifications
        where user_id = ${userId} and in_app and read_at is null limit 100) u)`;

/**
 * One page of a user's bell, newest first, by keyset (ids below `before`): an index range scan on
 * (user_id, id desc) however many rows the table holds, and the unread count, in ONE statement (one
 * round trip, docs/adr/0015-one-round-trip-per-read.md). `next` is the cursor of the following page.
 */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { before?: number; size?: number },
): Promise<{ rows: NotificationRow[]; next: number | null; unread: number }> {
  const size = page.size ?? NOTIFICATION_PAGE_SIZE;
  // Two statements rather than `$before is null or id < $before`: a generic plan could not use the
  // cursor as an index condition.
  const below = page.before ? sql`and n.id < ${page.before}` : sql``;
  const [answer] = await rowsOf<{ unread: number; rows: string | null }>(
    db,
    sql`select ${unreadSql(userId)} as unread,
          (select json_agg(r)::text from (
             select n.id, n.kind, n.title, n.link, n.subject_id, n.created_at, n.read_at,
               c.status as call_status
             from notifications n
             left join scheduled_calls c
               on n.kind = 'call-awaiting-approval' and n.subject_type = 'call' and c.id = n.subject_id
             where n.user_id = ${userId} and n.in_app ${below}
             order by n.id desc limit ${size + 1}) r) as rows`,
  );
  const raw = JSON.parse(answer?.rows ?? '[]') as Array<{
    id: number;
    kind: string;
    title: string;
    link: string;
    subject_id: number | null;
    call_status: string | null;
    created_at: string;
    read_at: string | null;
  }>;
  const rows: NotificationRow[] = raw.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    link: r.link,
    subjectId: r.subject_id,
    callStatus: r.call_status,
    createdAt: new Date(r.created_at),
    readAt: r.read_at === null ? null : new Date(r.read_at),
  }));
  const more = rows.length > size;
  const shown = more ? rows.slice(0, size) : rows;
  return {
    rows: shown,
    next: more ? shown[shown.length - 1]!.id : null,
    unread: Number(answer?.unread ?? 0),
  };
}

/**
 * Unread entries of the bell, counted up to 100 (the badge says 99+ beyond 99): an index-only range scan
 * of at most 100 entries of the unread partial index, however many a user has.
 */
export async function unreadCount(db: Pick<Db, 'execute'>, userId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select ${unreadSql(userId)} as n`);
  return Number(row?.n ?? 0);
}

/** Marks some of the user's notifications, or all of them, read; others' ids are ignored. */
export async function markRead(
  db: Db,
  userId: number,
  which: { ids: number[] } | { all: true },
  at: Date,
): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        isNull(notifications.readAt),
        'ids' in which ? inArray(notifications.id, which.ids) : undefined,
      ),
    );
  return unreadCount(db, userId);
}
