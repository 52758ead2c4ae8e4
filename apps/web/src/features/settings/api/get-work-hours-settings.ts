import type { WorkDay } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type WorkHoursSettings = { timezone: string; days: WorkDay[]; daysOff: string[] };
export const workHoursSettingsQueryKey = ['settings', 'work-hours'] as const;

/** GET /api/work-hours (admin-level): the week's hours and the days off, in the company timezone. */
export async function getWorkHoursSettings(): Promise<WorkHoursSettings> {
  const { data } = await api.get<Resource>('/work-hours');
  return {
    timezone: String(data.timezone),
    days: (Array.isArray(data.days) ? data.days : []) as WorkDay[],
    daysOff: (Array.isArray(data.days_off) ? data.days_off : []).map(String),
  };
}

export function useWorkHoursSettings() {
  return useQuery(queryOptions({ queryKey: workHoursSettingsQueryKey, queryFn: getWorkHoursSettings }));
}
