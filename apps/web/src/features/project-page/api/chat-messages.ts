import { type Flattened, MESSAGE_PAGE_SIZE, type MessageResource } from '@dd/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type Answer, read } from '../../../lib/api-client.ts';

/** A chat message as the client reads it (packages/domain/src/api/chat.ts). */
export type ChatMessage = Flattened<MessageResource>;
type ListMeta = Answer<'GET /api/project/{id}/messages'>['meta'];
export type ChatPage = { messages: ChatMessage[]; meta: ListMeta };

export const chatKeys = {
  all: (projectId: number) => ['chat', projectId] as const,
  messages: (projectId: number) => ['chat', projectId, 'messages'] as const,
  search: (projectId: number, q: string) => ['chat', projectId, 'search', q] as const,
  unread: (projectId: number) => ['chat', projectId, 'unread'] as const,
};

/**
 * GET /api/project/{id}/messages: a page of messages, newest first, older than `before` (keyset), or
 * those matching `q`. The meta carries the reader's marker and unread count.
 */
export async function getChatMessages(
  projectId: number,
  options: { before?: string; q?: string; size?: number } = {},
): Promise<ChatPage> {
  const { data, meta } = await read('GET /api/project/{id}/messages', {
    path: { id: projectId },
    params: {
      page: { size: options.size ?? MESSAGE_PAGE_SIZE },
      'page[before]': options.before,
      'filter[q]': options.q,
    },
  });
  return { messages: data, meta };
}

/** The conversation, newest page first; older pages are fetched by the oldest id shown. */
export const chatMessagesQueryOptions = (projectId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(projectId),
    queryFn: ({ pageParam }) => getChatMessages(projectId, { before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.meta.hasMore ? last.messages.at(-1)?.id : undefined),
  });

export function useChatMessages(projectId: number) {
  return useInfiniteQuery(chatMessagesQueryOptions(projectId));
}

/** How many search results a page shows; "Load more results" reads the next, older page. */
export const SEARCH_PAGE_SIZE = 20;

/** Messages matching `q`, newest first, a keyset page at a time (page[before] the oldest shown). */
export const chatSearchQueryOptions = (projectId: number, q: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.search(projectId, q),
    queryFn: ({ pageParam }) => getChatMessages(projectId, { q, before: pageParam, size: SEARCH_PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.meta.hasMore ? last.messages.at(-1)?.id : undefined),
    enabled: q.trim().length > 0,
  });

export function useChatSearch(projectId: number, q: string) {
  return useInfiniteQuery(chatSearchQueryOptions(projectId, q));
}

/** The unread count of a project's chat (its newest message only is read): the tab's and strip's badge. */
export function useChatUnread(projectId: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: chatKeys.unread(projectId),
      queryFn: async () => {
        const { data, meta } = await read('GET /api/project/{id}/messages', {
          path: { id: projectId },
          params: { page: { size: 1 } },
          suppressErrorToast: true,
        });
        return { unread: meta.unread, newestId: data[0]?.id ?? null };
      },
      enabled: enabled && projectId > 0,
      retry: false,
    }),
  );
}
