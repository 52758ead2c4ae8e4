import type { WorkDay } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { workHoursSettingsQueryKey } from './get-work-hours-settings.ts';

/** PATCH /api/work-hours: replaces the week and the days off; free slots follow at once. */
export async function saveWorkHoursSettings(input: { days: WorkDay[]; daysOff: string[] }) {
  return read('PATCH /api/work-hours', {
    body: {
      data: { type: 'work-hours-settings', attributes: { days: input.days, days_off: input.daysOff } },
    },
  });
}

export function useSaveWorkHoursSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkHoursSettings,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workHoursSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['available-slots'] }),
        queryClient.invalidateQueries({ queryKey: ['calls'] }),
      ]),
  });
}
