import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type Option = { value: string; label: string };
export type ProjectFormLookup =
  | 'project-state'
  | 'project-size'
  | 'project-budget'
  | 'project-start'
  | 'project-type';

/** A failed lookup is an empty set (admin §8), so the form still works without that select. */
async function quietly(load: () => Promise<Option[]>): Promise<Option[]> {
  try {
    return await load();
  } catch {
    return [];
  }
}
const options = (rows: Resource[]) =>
  rows.map((r) => ({ value: String(r.id), label: String(r.title ?? '') }));

/** GET /api/{lookup}/search?sort=id for the project selects. */
export const projectLookupQuery = (type: ProjectFormLookup) =>
  queryOptions({
    queryKey: ['lookup', type, 'by-id'],
    staleTime: 5 * 60_000,
    queryFn: () =>
      quietly(async () => {
        const { data } = await api.get<Resource[]>(`/${type}/search`, {
          params: { sort: 'id' },
          suppressErrorToast: true,
        });
        return options(data);
      }),
  });

export function useProjectFormLookups() {
  return {
    states: useQuery(projectLookupQuery('project-state')).data ?? [],
    sizes: useQuery(projectLookupQuery('project-size')).data ?? [],
    budgets: useQuery(projectLookupQuery('project-budget')).data ?? [],
    starts: useQuery(projectLookupQuery('project-start')).data ?? [],
    types: useQuery(projectLookupQuery('project-type')).data ?? [],
  };
}
