import { SPRINT_STATUS, type UnfinishedTaskTarget } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { refreshBoard } from './board-keys.ts';

export type SprintChange =
  | { sprintId: number; action: 'start' }
  | { sprintId: number; action: 'finish'; unfinished: UnfinishedTaskTarget };

/** PATCH /api/sprint/{id}: start (status 2, started time) or finish (status 3, finished time) (docs/product.md §A7). */
export async function changeSprintStatus(change: SprintChange): Promise<void> {
  const now = new Date().toISOString();
  const attributes =
    change.action === 'start'
      ? { sprintStatusId: SPRINT_STATUS.started, started: now }
      : { sprintStatusId: SPRINT_STATUS.finished, finished: now, unfinishedTasks: change.unfinished };
  await read('PATCH /api/sprint/{id}', {
    path: { id: change.sprintId },
    body: toDocument('sprint', attributes, { id: change.sprintId }),
  });
}

export function useChangeSprintStatus(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSprintStatus,
    onSuccess: () => refreshBoard(queryClient, projectId),
  });
}
