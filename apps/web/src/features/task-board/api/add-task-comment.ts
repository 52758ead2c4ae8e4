import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toDocument } from '../../../lib/api-client.ts';
import { boardKeys } from './board-keys.ts';

/** POST /api/task-comment/create; the server records the signed-in user as the author. */
export async function addTaskComment(taskId: number, body: string): Promise<void> {
  await api.post('/task-comment/create', toDocument('task-comment', { body, task_id: taskId }));
}

export function useAddTaskComment(projectId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addTaskComment(taskId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKeys.comments(projectId, taskId) }),
  });
}
