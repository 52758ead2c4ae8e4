import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

/** GET /api/company/search?page[size]=0&sort=title: every company for the Company select. */
export async function getCompanyOptions(): Promise<Array<{ value: string; label: string }>> {
  try {
    const { data } = await api.get<Resource[]>('/company/search', {
      params: { sort: 'title', page: { size: 0 } },
      suppressErrorToast: true,
    });
    return data.map((r) => ({ value: String(r.id), label: String(r.title ?? '') }));
  } catch {
    return [];
  }
}

export function useCompanyOptions() {
  return (
    useQuery(queryOptions({ queryKey: ['companies', 'options'], queryFn: getCompanyOptions })).data ?? []
  );
}
