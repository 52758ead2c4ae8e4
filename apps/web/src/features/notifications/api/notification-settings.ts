import type { Flattened, NotificationPreference, notificationSettingsDocumentSchema } from '@dd/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, toDocument } from '../../../lib/api-client.ts';

type SettingsRecord = Flattened<z.infer<typeof notificationSettingsDocumentSchema>['data']>;

const notificationSettingsQueryKey = ['notification-settings'] as const;

/** GET /api/notification/settings: for each kind I can receive, in the app and/or by e-mail. */
export async function getNotificationSettings(): Promise<NotificationPreference[]> {
  const { data } = await api.get<SettingsRecord>('/notification/settings', { suppressErrorToast: true });
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
      const { data } = await api.patch<SettingsRecord>(
        '/notification/settings',
        toDocument('notification-settings', { kinds }),
      );
      return data.kinds;
    },
    onSuccess: (kinds) => queryClient.setQueryData(notificationSettingsQueryKey, kinds),
  });
}
