import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { EVENTS_CHANNEL } from '../events/live-event.ts';

/**
 * "This user is typing in this project's chat", announced to the project's streams and nowhere stored
 * (like task editing presence): the web app sends it at most every few seconds while a draft changes and
 * forgets it after TYPING_TTL_MS. resource_id is the project.
 */
export async function publishTyping(db: Pick<Db, 'execute'>, typing: { projectId: number; userId: number }) {
  await db.execute(sql`
    select pg_notify(${EVENTS_CHANNEL}, json_build_object(
      'id', 0, 'kind', 'typing', 'resource_id', p.id, 'project_id', p.id,
      'owner_id', p.owner_id, 'user_id', ${typing.userId}::int,
      'client_ids', coalesce((select array_agg(m.user_id) from project_members m
                              where m.project_id = p.id and m.kind = 'client'), '{}')
    )::text)
    from projects p where p.id = ${typing.projectId}`);
}
