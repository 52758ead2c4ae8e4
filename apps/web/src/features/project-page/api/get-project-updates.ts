import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type ProjectUpdate = {
  id: number;
  description: string;
  created: string;
  reporter: { id: number; name: string; avatar: string | null; email: string | null } | null;
};

/** GET /api/project-update/search, newest first, unpaged, with the reporter (docs/product.md §C7). */
export async function getProjectUpdates(projectId: number): Promise<ProjectUpdate[]> {
  const { data } = await api.get<Resource[]>('/project-update/search', {
    params: { 'filter[project_id]': projectId, include: 'reporter', sort: '-created', page: { size: null } },
  });
  return (data ?? []).map((u) => {
    const reporter = u.reporter as Resource | null;
    return {
      id: Number(u.id),
      description: typeof u.description === 'string' ? u.description : '',
      created: typeof u.created === 'string' ? u.created : '',
      reporter:
        reporter && typeof reporter.name === 'string'
          ? {
              id: Number(reporter.id),
              name: reporter.name,
              avatar: typeof reporter.avatar === 'string' && reporter.avatar ? reporter.avatar : null,
              email: typeof reporter.email === 'string' && reporter.email ? reporter.email : null,
            }
          : null,
    };
  });
}

export const projectUpdatesQueryKey = (projectId: number) => ['project-updates', projectId] as const;

export const projectUpdatesQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: projectUpdatesQueryKey(projectId), queryFn: () => getProjectUpdates(projectId) });

export function useProjectUpdates(projectId: number) {
  return useQuery(projectUpdatesQueryOptions(projectId));
}
