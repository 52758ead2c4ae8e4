import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type TourState = { step: number; visited: boolean; openModal: boolean };

/**
 * GET /api/project/{id}/tour-state: the owner's first-visit tour (docs/product.md §C4). The first read starts
 * it on the server (step 2 when the registration marker cookie is present, which the server clears).
 */
export async function getTourState(projectId: number): Promise<TourState> {
  const { data } = await read('GET /api/project/{id}/tour-state', {
    path: { id: projectId },
    suppressErrorToast: true,
  });
  return { step: data.step, visited: data.visited, openModal: data.openModal };
}

export const tourStateQueryKey = (projectId: number) => ['tour-state', projectId] as const;

// Read once per visit: later changes are written by this page, so a refetch would only add traffic.
export const tourStateQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: tourStateQueryKey(projectId),
    queryFn: () => getTourState(projectId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useTourState(projectId: number, enabled: boolean) {
  return useQuery({ ...tourStateQueryOptions(projectId), enabled });
}
