import type { ResourceStub } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** Someone who follows a project without being on its team (docs/product.md §A8). */
export type Observer = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  role: string;
};

// The answer carries the role twice, as an attribute and as a relationship to the role record; the
// client's deserializer keeps the relationship ({ type: 'role', id: 'assistant' }).

/** GET /api/project/{id}/observer: the project's observers, in the order they were added. */
export async function getProjectObservers(projectId: number): Promise<Observer[]> {
  const { data } = await read<'GET /api/project/{id}/observer', { role: ResourceStub }>(
    'GET /api/project/{id}/observer',
    {
      path: { id: projectId },
      // The team panel shows the list or nothing; the project itself reports a failed load.
      suppressErrorToast: true,
    },
  );
  return (data ?? []).map((row) => ({
    id: Number(row.id),
    name: row.name,
    email: row.email || null,
    phone: row.phone || null,
    avatar: row.avatar || null,
    role: row.role.id,
  }));
}

/**
 * Under the project's own key (['project', id]), so whatever refreshes the project refreshes its
 * observers too: the team's live event (app/shell/live-updates.ts) and the team editor's save.
 */
export const projectObserversQueryKey = (projectId: number) => ['project', projectId, 'observers'] as const;

export const projectObserversQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectObserversQueryKey(projectId),
    queryFn: () => getProjectObservers(projectId),
  });

export function useProjectObservers(projectId: number) {
  return useQuery(projectObserversQueryOptions(projectId));
}
