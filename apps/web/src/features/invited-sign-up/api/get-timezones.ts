import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** GET /api/timezone/search: zone names for the Time zone select; empty when the call fails. */
export async function getTimezones(): Promise<string[]> {
  try {
    const { data } = await read('GET /api/timezone/search', { suppressErrorToast: true });
    return data.map((row) => row.title);
  } catch {
    return [];
  }
}

export const timezonesQueryOptions = () =>
  queryOptions({ queryKey: ['lookup', 'timezone'], queryFn: getTimezones, staleTime: 60 * 60 * 1000 });

export function useTimezones() {
  return useQuery(timezonesQueryOptions());
}
