import type { Resource } from '../../lib/jsonapi/document.ts';
import { ref } from '../../lib/jsonapi/document.ts';
import type { TagRow } from './tag-service.ts';

/** Every field of a tag (docs/product.md §A3): id, title, project. */
export function presentTag(tag: TagRow): Resource {
  return {
    type: 'tag',
    id: String(tag.id),
    attributes: { title: tag.title, created: tag.createdAt.toISOString() },
    relationships: { project: { data: ref('project', tag.projectId) } },
  };
}
