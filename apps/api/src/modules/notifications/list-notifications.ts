import { NOTIFICATION_PAGE_SIZE } from '@dd/domain';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { rowsOf } from './notify.ts';

export type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'kind' | 'title' | 'link' | 'createdAt' | 'readAt'
>;

/**
 * One page of a user's bell, newest first, by keyset (ids below `before`): an index range scan on
 * (user_id, id desc) however many rows the table holds. `next` is the cursor of the following page.
 */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { before?: number; size?: number },
): Promise<{ rows: NotificationRow[]; next: number | null; unread: number }> {
  const size = page.size ?? NOTIFICATION_PAGE_SIZE;
  const [rows, unread] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        link: notifications.link,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.inApp, true),
          page.before ? lt(notifications.id, page.before) : undefined,
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(size + 1),
    unreadCount(db, userId),
  ]);
  const more = rows.length > size;
  const shown = more ? rows.slice(0, size) : rows;
  return { rows: shown, next: more ? shown[shown.length - 1]!.id : null, unread };
}

/** Unread entries of the bell (capped: the badge says 99+ beyond it). */
export async function unreadCount(db: Pick<Db, 'execute'>, userId: number): Promise<number> {
  const result = await rowsOf<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from (
      select 1 from notifications where user_id = ${userId} and in_app and read_at is null limit 1000
    ) t`,
  );
  return Number(result[0]?.n ?? 0);
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
