import { applyTaskAction, MESSAGES, type TaskAction } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, read, toDocument } from '../../../lib/api-client.ts';
import { markLocalChange } from '../../../lib/live-changes.ts';
import { notifyError } from '../../../lib/notify.ts';
import { refreshBoard } from './board-keys.ts';
import type { BoardTask } from './get-tasks.ts';

/** PATCH /api/task/{id} with the task-status-id one action leads to (docs/product.md §A4, §A7). */
export async function changeTaskStatus(task: BoardTask, action: TaskAction): Promise<void> {
  const taskStatusId = applyTaskAction(task.statusId, action);
  await read('PATCH /api/task/{id}', {
    path: { id: task.id },
    body: toDocument('task', { taskStatusId }, { id: task.id }),
    suppressErrorToast: true,
  });
}

export function useChangeTaskStatus(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, action }: { task: BoardTask; action: TaskAction }) => {
      markLocalChange('task', task.id);
      return changeTaskStatus(task, action);
    },
    onSuccess: () => refreshBoard(queryClient, projectId),
    // A refused transition (another person moved the task meanwhile) says why, e.g. 'A task cannot move
    // from Unstarted to Accepted'; then the board reloads so the card shows its real status.
    onError: (error) => {
      const title = error instanceof ApiError && error.status === 422 ? error.firstError?.title : undefined;
      notifyError(title ?? MESSAGES.genericError);
      void refreshBoard(queryClient, projectId);
    },
  });
}
