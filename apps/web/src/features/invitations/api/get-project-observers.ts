import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

/** Someone who follows a project without being on its team (admin spec §8). */
export type Observer = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  role: string;
};

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
// The answer carries the role twice, as an attribute and as a relationship to the role record; the
// client's deserializer keeps the relationship ({ type: 'role', id: 'assistant' }).
const roleOf = (v: unknown) =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : '';

/** GET /api/project/{id}/observer: the project's observers, in the order they were added. */
export async function getProjectObservers(projectId: number): Promise<Observer[]> {
  const { data } = await api.get<Resource[]>(`/project/${projectId}/observer`, {
    // The team panel shows the list or nothing; the project itself reports a failed load.
    suppressErrorToast: true,
  });
  return (data ?? []).map((row) => ({
    id: Number(row.id),
    name: String(row.name ?? ''),
    email: text(row.email),
    phone: text(row.phone),
    avatar: text(row.avatar),
    role: roleOf(row.role),
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
