import type { AvailableDay } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/**
 * GET /api/scheduled-call/available-slots?timezone= (docs/product.md §C7): free 30-minute slots, by date, as
 * wall clock in the caller's timezone. The caller shows its own error toast (docs/product.md §C8).
 */
export async function getAvailableSlots(timezone: string): Promise<AvailableDay[]> {
  const { data } = await read('GET /api/scheduled-call/available-slots', {
    params: { timezone },
    suppressErrorToast: true,
  });
  return data.map(({ date, slots }) => ({ date, slots }));
}

export const availableSlotsQueryKey = (timezone: string) => ['available-slots', timezone] as const;

export const availableSlotsQueryOptions = (timezone: string) =>
  queryOptions({
    queryKey: availableSlotsQueryKey(timezone),
    queryFn: () => getAvailableSlots(timezone),
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useAvailableSlots(timezone: string, enabled: boolean) {
  return useQuery({ ...availableSlotsQueryOptions(timezone), enabled });
}
