import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** The current (started) sprint's task counts: what the client may see of the board (docs/product.md §F5). */
export type ProjectProgress = {
  sprintStarted: string | null;
  total: number;
  delivered: number;
  accepted: number;
};

/** GET /api/project/{id}/progress: counts only, readable by whoever may read the project. */
export async function getProjectProgress(projectId: number): Promise<ProjectProgress> {
  const { data } = await read('GET /api/project/{id}/progress', {
    path: { id: projectId },
    suppressErrorToast: true,
  });
  const { sprintStarted, total, delivered, accepted } = data;
  return { sprintStarted, total, delivered, accepted };
}

export const projectProgressQueryKey = (projectId: number) => ['project-progress', projectId] as const;

export const projectProgressQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectProgressQueryKey(projectId),
    queryFn: () => getProjectProgress(projectId),
  });

export function useProjectProgress(projectId: number) {
  return useQuery(projectProgressQueryOptions(projectId));
}
