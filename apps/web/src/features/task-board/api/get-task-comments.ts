import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { boardKeys } from './board-keys.ts';

export type TaskComment = {
  id: number;
  body: string;
  created: string;
  authorName: string | null;
  authorAvatar: string | null;
};

/** GET /api/task-comment/search filtered by task.id (docs/product.md §A7: the Comments tab). */
export async function getTaskComments(taskId: number): Promise<TaskComment[]> {
  const { data } = await read('GET /api/task-comment/search', {
    params: { filter: [['=', 'task.id', taskId]], page: { size: 0 } },
  });
  return data.map((c) => ({
    id: Number(c.id),
    body: c.body,
    created: c.created,
    authorName: c.authorName || null,
    authorAvatar: c.authorAvatar || null,
  }));
}

export const taskCommentsQueryOptions = (projectId: number, taskId: number) =>
  queryOptions({ queryKey: boardKeys.comments(projectId, taskId), queryFn: () => getTaskComments(taskId) });

export function useTaskComments(projectId: number, taskId: number) {
  return useQuery(taskCommentsQueryOptions(projectId, taskId));
}
