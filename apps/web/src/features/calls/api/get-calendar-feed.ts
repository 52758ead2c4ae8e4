import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type CalendarFeed = { active: boolean; created: string | null };
export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** GET /api/calendar-feed: whether I have a private feed and since when (its URL is shown once). */
export async function getCalendarFeed(): Promise<CalendarFeed> {
  const { data } = await api.get<Resource>('/calendar-feed', { suppressErrorToast: true });
  return { active: data.active === true, created: typeof data.created === 'string' ? data.created : null };
}

export function useCalendarFeed() {
  return useQuery(queryOptions({ queryKey: calendarFeedQueryKey, queryFn: getCalendarFeed, retry: false }));
}
