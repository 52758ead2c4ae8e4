import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type Option = { value: string; label: string };
export type CompanyLookup = 'company-industry' | 'company-type' | 'company-project-funding' | 'company-size';

/** GET /api/{lookup}/search?sort=id (admin §7); a failed lookup is an empty set (admin §8). */
export async function getCompanyLookup(type: CompanyLookup): Promise<Option[]> {
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

export const companyLookupQueryOptions = (type: CompanyLookup) =>
  queryOptions({
    queryKey: ['lookup', type, 'by-id'],
    queryFn: () => getCompanyLookup(type),
    staleTime: 5 * 60_000,
  });

export function useCompanyLookups() {
  return {
    industries: useQuery(companyLookupQueryOptions('company-industry')).data ?? [],
    types: useQuery(companyLookupQueryOptions('company-type')).data ?? [],
    fundings: useQuery(companyLookupQueryOptions('company-project-funding')).data ?? [],
    sizes: useQuery(companyLookupQueryOptions('company-size')).data ?? [],
  };
}
