import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type CalendarFeed = { active: boolean; created: string | null };
export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** GET /api/calendar-feed: whether I have a private feed and since when (its URL is shown once). */
export async function getCalendarFeed(): Promise<CalendarFeed> {
  const { data } = await read('GET /api/calendar-feed', { suppressErrorToast: true });
  return { active: data.active, created: data.created };
}

export function useCalendarFeed() {
  return useQuery(queryOptions({ queryKey: calendarFeedQueryKey, queryFn: getCalendarFeed, retry: false }));
}
