import type { Resource } from '../../lib/jsonapi/document.ts';
import { ref, refs } from '../../lib/jsonapi/document.ts';
import type { TaskWithTags } from './task-queries.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Every field a task resource carries (docs/product.md §A3 Task, plus its column position and lifecycle times). */
export function presentTask(task: TaskWithTags): Resource {
  return {
    type: 'task',
    id: String(task.id),
    attributes: {
      title: task.title,
      description: task.description ?? '',
      'task-status-id': task.taskStatusId,
      'task-type-id': task.taskTypeId,
      'task-priority-id': task.taskPriorityId,
      estimate: task.estimate,
      position: task.position,
      started: iso(task.startedAt),
      finished: iso(task.finishedAt),
      delivered: iso(task.deliveredAt),
      accepted: iso(task.acceptedAt),
      created: task.createdAt.toISOString(),
      updated: task.updatedAt.toISOString(),
    },
    relationships: {
      project: { data: ref('project', task.projectId) },
      sprint: { data: ref('sprint', task.sprintId) },
      owner: { data: ref('user', task.ownerId) },
      requester: { data: ref('user', task.requesterId) },
      tag: { data: refs('tag', task.tagIds) },
    },
  };
}
