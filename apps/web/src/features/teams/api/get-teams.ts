import { PAGE_SIZE } from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type TeamRow = { id: number; title: string; punchLine: string; size: number };
export type TeamsQuery = { page: number; sort: string };

/** GET /api/team/search. A failed load is logged (docs/product.md §A8) and thrown, so the table says so. */
export async function getTeams({ page, sort }: TeamsQuery) {
  try {
    const { data, meta } = await read('GET /api/team/search', {
      params: { page: { page, size: PAGE_SIZE }, sort, include: 'projectManager,developer' },
      suppressErrorToast: true,
    });
    const rows: TeamRow[] = data.map((t) => ({
      id: Number(t.id),
      title: t.title,
      punchLine: t.punchLine ?? '',
      size: t.teamSize,
    }));
    return { rows, pageCount: meta.pageCount };
  } catch (error) {
    console.error('Loading teams failed', error);
    // Logged (docs/product.md §A8), then thrown: the table shows an error with a Retry, not empty (docs/product.md §F5).
    throw error;
  }
}

export const teamsQueryOptions = (query: TeamsQuery) =>
  queryOptions({
    queryKey: ['teams', 'table', query],
    queryFn: () => getTeams(query),
    placeholderData: keepPreviousData,
  });

export function useTeams(query: TeamsQuery) {
  return useQuery(teamsQueryOptions(query));
}
