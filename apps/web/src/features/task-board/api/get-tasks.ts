import type { TaskStatusId } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';
import { boardKeys, numOrNull, refId, refIds, str, strOrNull } from './board-keys.ts';

export type BoardTask = {
  id: number;
  title: string;
  description: string;
  statusId: TaskStatusId;
  typeId: number | null;
  priorityId: number | null;
  estimate: string | null;
  position: number;
  sprintId: number | null;
  ownerId: number | null;
  requesterId: number | null;
  tagIds: number[];
  created: string;
  updated: string;
  started: string | null;
  finished: string | null;
  delivered: string | null;
  accepted: string | null;
};

export function toBoardTask(r: Resource): BoardTask {
  return {
    id: Number(r.id),
    title: str(r.title),
    description: str(r.description),
    statusId: Number(r.taskStatusId) as TaskStatusId,
    typeId: numOrNull(r.taskTypeId),
    priorityId: numOrNull(r.taskPriorityId),
    estimate: strOrNull(r.estimate),
    position: Number(r.position ?? 0),
    sprintId: refId(r.sprint),
    ownerId: refId(r.owner),
    requesterId: refId(r.requester),
    tagIds: refIds(r.tag),
    created: str(r.created),
    updated: str(r.updated),
    started: strOrNull(r.started),
    finished: strOrNull(r.finished),
    delivered: strOrNull(r.delivered),
    accepted: strOrNull(r.accepted),
  };
}

/** GET /api/task/search: every task of the project in column order (our list call; docs/product.md §A7). */
export async function getTasks(projectId: number): Promise<BoardTask[]> {
  const { data } = await api.get<Resource[]>('/task/search', {
    params: { filter: [['=', 'project.id', projectId]], page: { size: 0 } },
  });
  return (data ?? []).map(toBoardTask);
}

export const tasksQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: boardKeys.tasks(projectId), queryFn: () => getTasks(projectId) });

export function useTasks(projectId: number) {
  return useQuery(tasksQueryOptions(projectId));
}
