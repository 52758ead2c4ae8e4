import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './search-notifications.ts';

/** POST /api/notification/read: these notifications, or all of mine. */
export async function markNotificationsRead(which: { ids: string[] } | { all: true }) {
  await read('POST /api/notification/read', { body: toDocument('notification-read', which) });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
