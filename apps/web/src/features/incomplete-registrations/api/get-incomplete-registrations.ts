import { PAGE_SIZE } from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type IncompleteRegistrationRow = {
  id: number;
  email: string;
  name: string;
  phone: string;
  project: string;
  step: string;
  created: string;
};
export type IncompleteRegistrationsQuery = { page: number; sort: string };

/** Sort fields GET /api/incomplete-registration/search accepts. */
export const INCOMPLETE_REGISTRATION_SORT_FIELDS = ['created', 'id', 'user-email'] as const;

/** GET /api/incomplete-registration/search. A failed load is logged and thrown, so the table says so. */
export async function getIncompleteRegistrations({ page, sort }: IncompleteRegistrationsQuery) {
  try {
    const { data, meta } = await read('GET /api/incomplete-registration/search', {
      params: { page: { page, size: PAGE_SIZE }, sort },
      suppressErrorToast: true,
    });
    const rows: IncompleteRegistrationRow[] = data.map((r) => ({
      id: Number(r.id),
      email: r.userEmail ?? '',
      name: r.userName ?? '',
      phone: r.userPhone ?? '',
      project: r.projectTitle ?? '',
      step: String(r.step),
      created: r.created,
    }));
    return { rows, pageCount: meta.pageCount };
  } catch (error) {
    console.error('Loading unfinished sign-ups failed', error);
    // Logged (docs/product.md §A8), then thrown: the table shows an error with a Retry, not empty (docs/product.md §F5).
    throw error;
  }
}

export const incompleteRegistrationsQueryOptions = (query: IncompleteRegistrationsQuery) =>
  queryOptions({
    queryKey: ['incomplete-registrations', 'table', query],
    queryFn: () => getIncompleteRegistrations(query),
    placeholderData: keepPreviousData,
  });

export function useIncompleteRegistrations(query: IncompleteRegistrationsQuery) {
  return useQuery(incompleteRegistrationsQueryOptions(query));
}
