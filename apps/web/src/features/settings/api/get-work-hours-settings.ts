import type { WorkDay } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type WorkHoursSettings = { timezone: string; days: WorkDay[]; daysOff: string[] };
export const workHoursSettingsQueryKey = ['settings', 'work-hours'] as const;

/** GET /api/work-hours (admin-level): the week's hours and the days off, in the company timezone. */
export async function getWorkHoursSettings(): Promise<WorkHoursSettings> {
  const { data } = await read('GET /api/work-hours');
  return {
    timezone: data.timezone,
    // The server sends weekdays 1..7 only (the schema says integer).
    days: data.days as WorkDay[],
    daysOff: data.days_off,
  };
}

export function useWorkHoursSettings() {
  return useQuery(queryOptions({ queryKey: workHoursSettingsQueryKey, queryFn: getWorkHoursSettings }));
}
