import type { Resource } from '../../lib/jsonapi/document.ts';
import { ref, refs } from '../../lib/jsonapi/document.ts';
import type { SprintRow } from './sprint-service.ts';

/** Every field of a sprint (docs/product.md §A3): id, project, task list, started, finished, sprint-status-id. */
export function presentSprint(sprint: SprintRow, taskIds?: number[]): Resource {
  const relationships: Resource['relationships'] = { project: { data: ref('project', sprint.projectId) } };
  if (taskIds) relationships.task = { data: refs('task', taskIds) };
  return {
    type: 'sprint',
    id: String(sprint.id),
    attributes: {
      'sprint-status-id': sprint.sprintStatusId,
      started: sprint.startedAt ? sprint.startedAt.toISOString() : null,
      finished: sprint.finishedAt ? sprint.finishedAt.toISOString() : null,
      created: sprint.createdAt.toISOString(),
    },
    relationships,
  };
}
