import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

/** The current (started) sprint's task counts: what the client may see of the board (docs/product.md §F5). */
export type ProjectProgress = {
  sprintStarted: string | null;
  total: number;
  delivered: number;
  accepted: number;
};

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** GET /api/project/{id}/progress: counts only, readable by whoever may read the project. */
export async function getProjectProgress(projectId: number): Promise<ProjectProgress> {
  const { data } = await api.get<Resource>(`/project/${projectId}/progress`, { suppressErrorToast: true });
  return {
    sprintStarted: typeof data.sprintStarted === 'string' ? data.sprintStarted : null,
    total: count(data.total),
    delivered: count(data.delivered),
    accepted: count(data.accepted),
  };
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
