import type { Flattened, Related, UserResource } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from '../../../lib/api-client.ts';

export type ProjectUpdate = {
  id: number;
  description: string;
  /** The description as sanitised HTML, rendered by the server (docs/adr/0034). */
  html: string;
  created: string;
  reporter: { id: number; name: string; avatar: string | null; email: string | null } | null;
};

/** GET /api/project-update/search, newest first, unpaged, with the reporter (docs/product.md §C7). */
export async function getProjectUpdates(projectId: number): Promise<ProjectUpdate[]> {
  const { data } = await read<
    'GET /api/project-update/search',
    { reporter?: Related<Flattened<UserResource>> | null }
  >('GET /api/project-update/search', {
    params: { 'filter[project_id]': projectId, include: 'reporter', sort: '-created', page: { size: null } },
  });
  return data.map((u) => {
    const reporter = included(u.reporter);
    return {
      id: Number(u.id),
      description: u.description,
      html: u.descriptionHtml,
      created: u.created,
      reporter: reporter
        ? {
            id: Number(reporter.id),
            name: reporter.name,
            avatar: reporter.avatar || null,
            email: reporter.email || null,
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
