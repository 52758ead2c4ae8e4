import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

type Lookup = 'project-state' | 'project-size';

/** GET /api/project-state/search and /api/project-size/search for the modal; failures are empty sets. */
export async function getProjectLookup(type: Lookup): Promise<Array<{ value: string; label: string }>> {
  try {
    const { data } = await api.get<Resource[]>(`/${type}/search`, {
      params: { sort: 'id' },
      suppressErrorToast: true,
    });
    return data.map((r) => ({ value: String(r.id), label: String(r.title ?? '') }));
  } catch {
    return [];
  }
}

const lookupQuery = (type: Lookup) =>
  queryOptions({
    queryKey: ['lookup', type, 'by-id'],
    queryFn: () => getProjectLookup(type),
    staleTime: 300_000,
  });

export function useProjectModalLookups() {
  return {
    states: useQuery(lookupQuery('project-state')).data ?? [],
    sizes: useQuery(lookupQuery('project-size')).data ?? [],
  };
}
