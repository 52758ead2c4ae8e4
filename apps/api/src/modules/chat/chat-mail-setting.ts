import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The mail's one-click unsubscribe: that project's mail off, if the link's version is still the
 * current one (a person with no row yet has version 0). False, changing nothing, for an older link.
 */
export async function unsubscribeChatMail(
  db: Db,
  token: { userId: number; projectId: number; version: number },
): Promise<boolean> {
  const done = (await db.execute(sql`
    insert into message_reads (user_id, project_id, mail_enabled)
    select u.id, p.id, false from users u, projects p
    where u.id = ${token.userId} and p.id = ${token.projectId} and (${token.version}::int = 0
      or exists (select 1 from message_reads r where r.user_id = u.id and r.project_id = p.id))
    on conflict (user_id, project_id) do update set mail_enabled = false
      where message_reads.mail_token_version = ${token.version}::int
    returning user_id`)) as unknown as { rows: unknown[] };
  return done.rows.length === 1;
}

/** Whether the link's version is the current one for that person and project. Changes nothing. */
export async function isCurrentChatToken(
  db: Db,
  token: { userId: number; projectId: number; version: number },
): Promise<boolean> {
  const rows = (await db.execute(sql`
    select coalesce((select r.mail_token_version from message_reads r
      where r.user_id = u.id and r.project_id = p.id), 0) = ${token.version}::int as current
    from users u, projects p where u.id = ${token.userId} and p.id = ${token.projectId}`)) as unknown as {
    rows: Array<{ current: boolean }>;
  };
  return rows.rows[0]?.current === true;
}
