import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type Option = { value: string; label: string };

/** GET /api/project-state and /api/project-size for the filter selects; a failed lookup is an empty set (admin §8). */
export async function getLookup(type: 'project-state' | 'project-size'): Promise<Option[]> {
  try {
    const { data } = await api.get<Resource[]>(`/${type}`, { suppressErrorToast: true });
    return data.map((r) => ({ value: String(r.id), label: String(r.title ?? '') }));
  } catch {
    return [];
  }
}

export const lookupQueryOptions = (type: 'project-state' | 'project-size') =>
  queryOptions({ queryKey: ['lookup', type], queryFn: () => getLookup(type), staleTime: 5 * 60_000 });

export function useProjectLookups() {
  const states = useQuery(lookupQueryOptions('project-state')).data ?? [];
  const sizes = useQuery(lookupQueryOptions('project-size')).data ?? [];
  return { states, sizes };
}
