import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** GET /api/company/search?page[size]=0&sort=title: every company for the Company select. */
export async function getCompanyOptions(): Promise<Array<{ value: string; label: string }>> {
  try {
    const { data } = await read('GET /api/company/search', {
      params: { sort: 'title', page: { size: 0 } },
      suppressErrorToast: true,
    });
    return data.map((r) => ({ value: String(r.id), label: r.title }));
  } catch {
    return [];
  }
}

export function useCompanyOptions() {
  return (
    useQuery(queryOptions({ queryKey: ['companies', 'options'], queryFn: getCompanyOptions })).data ?? []
  );
}
