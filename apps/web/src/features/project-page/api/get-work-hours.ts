import type { WorkDay } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** GET /api/work-hours/weekly?timezone= (docs/product.md §C7): this week's work hours as wall clock in the zone. */
export async function getWorkHours(timezone: string): Promise<WorkDay[]> {
  const { data } = await read('GET /api/work-hours/weekly', {
    params: { timezone },
    suppressErrorToast: true,
  });
  return data.map((day) => ({
    weekday: day.weekday as WorkDay['weekday'],
    periods: day.periods.map(({ start, end }) => ({ start, end })),
  }));
}

export const workHoursQueryOptions = (timezone: string) =>
  queryOptions({
    queryKey: ['work-hours', timezone] as const,
    queryFn: () => getWorkHours(timezone),
    staleTime: 60 * 60_000,
    retry: false,
  });

export function useWorkHours(timezone: string, enabled: boolean) {
  return useQuery({ ...workHoursQueryOptions(timezone), enabled });
}
