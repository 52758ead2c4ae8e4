import type { NotificationPreference } from '@dd/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

const notificationSettingsQueryKey = ['notification-settings'] as const;

/** GET /api/notification/settings: for each kind I can receive, in the app and/or by e-mail. */
export async function getNotificationSettings(): Promise<NotificationPreference[]> {
  const { data } = await read('GET /api/notification/settings', { suppressErrorToast: true });
  return data.kinds;
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings, retry: false });
}

/** PATCH /api/notification/settings: the kinds changed (the others keep their choice). */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kinds: NotificationPreference[]) => {
      const { data } = await read('PATCH /api/notification/settings', {
        body: toDocument('notification-settings', { kinds }),
      });
      return data.kinds;
    },
    onSuccess: (kinds) => queryClient.setQueryData(notificationSettingsQueryKey, kinds),
  });
}
