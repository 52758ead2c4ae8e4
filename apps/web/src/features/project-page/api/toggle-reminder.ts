import { nextReminderValue } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { type ReminderSetting, reminderSettingsQueryKey } from './get-reminder-settings.ts';

type ToggleInput = { projectId: number; userId: number; setting: ReminderSetting | null };

/**
 * A member's reminder toggle (docs/product.md §C4, §C7): the first toggle is POST /reminder-setting/create
 * with is_enabled 0; later ones PATCH /reminder-setting/{id} with the flipped is-enabled.
 */
export async function toggleReminder({ projectId, userId, setting }: ToggleInput): Promise<void> {
  const value = nextReminderValue(setting);
  if (setting === null) {
    await read('POST /api/reminder-setting/create', {
      body: toDocument('reminder-setting', { project_id: projectId, user_id: userId, is_enabled: value }),
    });
    return;
  }
  await read('PATCH /api/reminder-setting/{id}', {
    path: { id: setting.id },
    body: toDocument('reminder-setting', { isEnabled: value }, { id: setting.id }),
  });
}

export function useToggleReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleReminder,
    onSettled: (_, __, input) =>
      queryClient.invalidateQueries({ queryKey: reminderSettingsQueryKey(input.projectId) }),
  });
}
