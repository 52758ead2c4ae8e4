import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { calendarFeedQueryKey } from './get-calendar-feed.ts';

/** POST /api/calendar-feed/reset: a new private feed URL (shown once); the previous one stops working. */
export async function resetCalendarFeed(): Promise<string> {
  const { data } = await read('POST /api/calendar-feed/reset');
  return String(data.url);
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey }),
  });
}
