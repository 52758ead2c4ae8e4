import { DELIVERY_PAGE_SIZE, type DeliveryResource, type Flattened } from '@dd/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** One delivered, accepted or rejected task as the review card shows it (packages/domain/src/api/delivery.ts). */
export type Delivery = Flattened<DeliveryResource>;

/** GET /api/project/{id}/deliveries: `waiting` (status 4) or `decided` (5 and 6), newest delivery first. */
export async function getDeliveries(projectId: number, status: 'waiting' | 'decided', page = 1) {
  const { data, meta } = await read('GET /api/project/{id}/deliveries', {
    path: { id: projectId },
    params: { status, page: { page, size: DELIVERY_PAGE_SIZE } },
    suppressErrorToast: true,
  });
  // total comes with the waiting list only; the decided list says whether a next page exists.
  return { items: data, hasMore: meta.hasMore ?? false, total: meta.total ?? data.length, page };
}

export const deliveriesQueryKey = (projectId: number) => ['deliveries', projectId] as const;

export const waitingDeliveriesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: [...deliveriesQueryKey(projectId), 'waiting'],
    queryFn: () => getDeliveries(projectId, 'waiting'),
  });

export function useWaitingDeliveries(projectId: number) {
  return useQuery(waitingDeliveriesQueryOptions(projectId));
}

/** Past decisions, a page at a time ("Show more"). */
export const decidedDeliveriesQueryOptions = (projectId: number) =>
  infiniteQueryOptions({
    queryKey: [...deliveriesQueryKey(projectId), 'decided'],
    queryFn: ({ pageParam }) => getDeliveries(projectId, 'decided', pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export function useDecidedDeliveries(projectId: number) {
  return useInfiniteQuery(decidedDeliveriesQueryOptions(projectId));
}
