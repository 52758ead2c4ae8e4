import type { Flattened, notificationResourceSchema } from '@dd/domain';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type NotificationRecord = Flattened<z.infer<typeof notificationResourceSchema>>;
export type NotificationPage = { rows: NotificationRecord[]; unread: number; next: string | null };

export const notificationsQueryKey = ['notifications'] as const;

/** GET /api/notification/search: one page of my bell, newest first; `before` is the last page's `next`. */
export async function searchNotifications(before: string | null): Promise<NotificationPage> {
  const path = before
    ? `/notification/search?page[before]=${encodeURIComponent(before)}`
    : '/notification/search';
  const { data, meta } = await api.get<NotificationRecord[]>(path, { suppressErrorToast: true });
  return {
    rows: data,
    unread: typeof meta.unreadCount === 'number' ? meta.unreadCount : 0,
    next: typeof meta.next === 'string' ? meta.next : null,
  };
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
