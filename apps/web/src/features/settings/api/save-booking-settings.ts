import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { bookingSettingsQueryKey } from './get-booking-settings.ts';
import { workHoursSettingsQueryKey } from './get-work-hours-settings.ts';

/** PATCH /api/setting/{id} for each changed setting (the rules as JSON, the zone as its IANA name). */
export async function saveBookingSettings(changes: Array<{ id: number; value: string }>) {
  for (const { id, value } of changes)
    await read('PATCH /api/setting/{id}', {
      path: { id },
      body: toDocument('setting', { value }, { id }),
      suppressErrorToast: true,
    });
}

export function useSaveBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBookingSettings,
    // The work-hours card names the company timezone too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: workHoursSettingsQueryKey }),
      ]),
  });
}
