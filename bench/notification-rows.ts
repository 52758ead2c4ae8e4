import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';

/** 1,000,000 notifications in all: 2,000 for the bench admin, the rest over 2,000 other users. */
export const NOTIFICATIONS = { total: 1_000_000, mine: 2_000, others: 2_000 } as const;
/** docs/adr/0020-notifications.md: a page of the bell, p99 at 10 connections. */
export const NOTIFICATION_P99_BUDGET_MS = 20;

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Fills the table in set-based statements (users first, for the foreign key), then vacuums it; the
 * bench admin's rows are spread through the table (every 500th id), as a real user's would be.
 */
export async function seedNotifications(db: Db, adminId: number): Promise<{ ms: number }> {
  const started = performance.now();
  const [{ first } = { first: 0 }] = await rowsOf<{ first: number }>(
    db,
    sql`with made as (
          insert into users (name, login, email, role, password_hash)
          select 'Notified ' || i, 'notified' || i || '@bench.test', 'notified' || i || '@bench.test',
                 'developer', 'x'
          from generate_series(1, ${NOTIFICATIONS.others}) i
          returning id)
        select min(id)::int as first from made`,
  );
  const every = NOTIFICATIONS.total / NOTIFICATIONS.mine;
  await db.execute(sql`
    insert into notifications (user_id, kind, title, link, in_app, read_at, created_at)
    select case when i % ${every} = 0 then ${adminId}::int else ${first}::int + (i % ${NOTIFICATIONS.others}) end,
           'call-booked', 'Client ' || i || ' booked a discovery call for "Project ' || i || '"', '/calls',
           true, case when i % 3 = 0 then now() end,
           now() - make_interval(secs => ${NOTIFICATIONS.total} - i)
    from generate_series(1, ${NOTIFICATIONS.total}) i`);
  // What autovacuum does after a bulk load: statistics and the visibility map (index-only unread count).
  await db.execute(sql`vacuum analyze notifications`);
  return { ms: performance.now() - started };
}

/** The row: the admin's first page and every later page by its keyset cursor, cycled. */
export async function notificationTarget(db: Db, base: string, adminId: number) {
  const ids = await rowsOf<{ id: string }>(
    db,
    sql`select id from notifications where user_id = ${adminId} and in_app order by id desc`,
  );
  const paths = ['/api/notification/search'];
  for (let i = 19; i < ids.length - 1; i += 20)
    paths.push(`/api/notification/search?page[before]=${ids[i]!.id}`);
  return {
    name: `GET /api/notification/search (${NOTIFICATIONS.total / 1_000_000}M notifications, ${NOTIFICATIONS.mine} mine, all ${paths.length} pages by keyset)`,
    url: `${base}/api/notification/search`,
    paths,
  };
}

export async function userIdOf(db: Db, login: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select id from users where login = ${login}`);
  if (!row) throw new Error(`no user ${login}`);
  return Number(row.id);
}
