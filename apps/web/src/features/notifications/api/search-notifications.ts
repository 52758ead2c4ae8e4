import type { AnswerData } from '@dd/domain';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type NotificationRecord = AnswerData<'GET /api/notification/search'>[number];
export type NotificationPage = { rows: NotificationRecord[]; unread: number; next: string | null };

export const notificationsQueryKey = ['notifications'] as const;

/** GET /api/notification/search: one page of my bell, newest first; `before` is the last page's `next`. */
export async function searchNotifications(before: string | null): Promise<NotificationPage> {
  const { data, meta } = await read('GET /api/notification/search', {
    params: { page: before ? { before } : undefined },
    suppressErrorToast: true,
  });
  return { rows: data, unread: meta.unreadCount, next: meta.next };
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam }) => searchNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** The bell's list and unread count; `enabled` only for a signed-in user (no call that must fail). */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled });
}

export const unreadOf = (data: InfiniteData<NotificationPage> | undefined) => data?.pages[0]?.unread ?? 0;
