import type { Db } from '../../db/client.ts';
import { publishPresence } from '../events/publish-event.ts';

/**
 * "This user is typing in this project's chat", announced to the project's streams and nowhere stored
 * (like task editing presence): the web app sends it at most every few seconds while a draft changes and
 * forgets it after TYPING_TTL_MS. resource_id is the project.
 */
export function publishTyping(db: Pick<Db, 'execute'>, typing: { projectId: number; userId: number }) {
  return publishPresence(db, { kind: 'typing', resourceId: typing.projectId, ...typing });
}
