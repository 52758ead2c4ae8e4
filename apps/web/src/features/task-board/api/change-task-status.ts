import { applyTaskAction, type TaskAction } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toDocument } from '../../../lib/api-client.ts';
import { refreshBoard } from './board-keys.ts';
import type { BoardTask } from './get-tasks.ts';

/** PATCH /api/task/{id} with the task-status-id one action leads to (admin §4, §7). */
export async function changeTaskStatus(task: BoardTask, action: TaskAction): Promise<void> {
  const taskStatusId = applyTaskAction(task.statusId, action);
  await api.patch(`/task/${task.id}`, toDocument('task', { taskStatusId }, { id: task.id }));
}

export function useChangeTaskStatus(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, action }: { task: BoardTask; action: TaskAction }) => changeTaskStatus(task, action),
    onSuccess: () => refreshBoard(queryClient, projectId),
  });
}
