import type { Resource } from '../../lib/jsonapi/document.ts';
import { ref } from '../../lib/jsonapi/document.ts';
import type { HistoryRow } from './history.ts';

/** A project-history entry: who (actor), what (entity, action, details), when (created). */
export function presentHistoryEntry(row: HistoryRow): Resource {
  return {
    type: 'project-event',
    id: String(row.id),
    attributes: {
      entity: row.entity,
      'entity-id': row.entityId,
      action: row.action,
      details: row.details ?? {},
      'actor-name': row.actorName,
      created: row.createdAt.toISOString(),
    },
    relationships: { actor: { data: ref('user', row.actorId) } },
  };
}
