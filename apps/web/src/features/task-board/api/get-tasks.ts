import type { AnswerData, ResourceStub, TaskStatusId } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { boardKeys } from './board-keys.ts';

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

/** The relationships a task always carries (the board reads their ids only). */
export type TaskRelations = {
  sprint: ResourceStub | null;
  owner: ResourceStub | null;
  requester: ResourceStub | null;
  tag: ResourceStub[];
};
type TaskRecord = AnswerData<'PATCH /api/task/{id}', TaskRelations>;

const idOf = (ref: ResourceStub | null) => (ref ? Number(ref.id) : null);

export function toBoardTask(r: TaskRecord): BoardTask {
  return {
    id: Number(r.id),
    title: r.title,
    description: r.description,
    statusId: r.taskStatusId as TaskStatusId,
    typeId: r.taskTypeId,
    priorityId: r.taskPriorityId,
    estimate: r.estimate || null,
    position: r.position,
    sprintId: idOf(r.sprint),
    ownerId: idOf(r.owner),
    requesterId: idOf(r.requester),
    tagIds: r.tag.map((t) => Number(t.id)),
    created: r.created,
    updated: r.updated,
    started: r.started || null,
    finished: r.finished || null,
    delivered: r.delivered || null,
    accepted: r.accepted || null,
  };
}

/** GET /api/task/search: every task of the project in column order (our list call; docs/product.md §A7). */
export async function getTasks(projectId: number): Promise<BoardTask[]> {
  const { data } = await read<'GET /api/task/search', TaskRelations>('GET /api/task/search', {
    params: { filter: [['=', 'project.id', projectId]], page: { size: 0 } },
  });
  return data.map(toBoardTask);
}

export const tasksQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: boardKeys.tasks(projectId), queryFn: () => getTasks(projectId) });

export function useTasks(projectId: number) {
  return useQuery(tasksQueryOptions(projectId));
}
