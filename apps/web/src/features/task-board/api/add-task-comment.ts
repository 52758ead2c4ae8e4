import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { boardKeys } from './board-keys.ts';

/** POST /api/task-comment/create; the server records the signed-in user as the author. */
export async function addTaskComment(taskId: number, body: string): Promise<void> {
  await read('POST /api/task-comment/create', {
    body: toDocument('task-comment', { body, task_id: taskId }),
  });
}

export function useAddTaskComment(projectId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addTaskComment(taskId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKeys.comments(projectId, taskId) }),
  });
}
