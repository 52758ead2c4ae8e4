import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { markLocalChange } from '../../../lib/live-changes.ts';
import { refreshBoard } from './board-keys.ts';
import { type BoardTask, type TaskRelations, toBoardTask } from './get-tasks.ts';

export type TaskFields = {
  title: string;
  description: string;
  typeId: number | null;
  priorityId: number | null;
  statusId: number;
  estimate: string;
  ownerId: number | null;
  requesterId: number | null;
  tagIds: number[];
  /** undefined keeps the task where it is; null is New Tasks. */
  sprintId?: number | null;
};

const user = (id: number | null) => (id === null ? null : { type: 'user', id: String(id) });

function taskDocument(projectId: number, fields: TaskFields, id?: number) {
  return toDocument(
    'task',
    {
      title: fields.title,
      description: fields.description,
      taskStatusId: fields.statusId,
      taskTypeId: fields.typeId,
      taskPriorityId: fields.priorityId,
      estimate: fields.estimate,
    },
    {
      ...(id === undefined ? {} : { id }),
      relationships: {
        project: { type: 'project', id: String(projectId) },
        owner: user(fields.ownerId),
        requester: user(fields.requesterId),
        tag: fields.tagIds.map((t) => ({ type: 'tag', id: String(t) })),
        ...(fields.sprintId === undefined
          ? {}
          : { sprint: fields.sprintId === null ? null : { type: 'sprint', id: String(fields.sprintId) } }),
      },
    },
  );
}

/** POST /api/task/create (docs/product.md §A7: the create call docs/product.md does not show, in the same style). */
export async function createTask(projectId: number, fields: TaskFields): Promise<BoardTask> {
  const { data } = await read<'POST /api/task/create', TaskRelations>('POST /api/task/create', {
    body: taskDocument(projectId, fields),
  });
  return toBoardTask(data);
}

/** PATCH /api/task/{id} with the modal's fields (docs/product.md §A7). */
export async function updateTask(projectId: number, id: number, fields: TaskFields): Promise<BoardTask> {
  const { data } = await read<'PATCH /api/task/{id}', TaskRelations>('PATCH /api/task/{id}', {
    path: { id },
    body: taskDocument(projectId, fields, id),
  });
  return toBoardTask(data);
}

export function useSaveTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number | null; fields: TaskFields }) => {
      // This tab's own change: no highlight when the stream echoes it back.
      if (id !== null) markLocalChange('task', id);
      return id === null ? createTask(projectId, fields) : updateTask(projectId, id, fields);
    },
    onSuccess: () => refreshBoard(queryClient, projectId),
  });
}
