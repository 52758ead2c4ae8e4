import { can } from '@dd/domain';
import {
  Alert,
  Box,
  Button,
  Center,
  CloseButton,
  Divider,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { clearTyping, useTypingIn } from '../../../../lib/typing-presence.ts';
import { useActor } from '../../../auth/api/get-session.ts';
import { fileDownloadUrl } from '../../api/attachments.ts';
import { type ChatMessage, chatKeys, useChatMessages, useChatSearch } from '../../api/chat-messages.ts';
import { markChatRead } from '../../api/chat-presence.ts';
import { useChatWrites } from '../../api/chat-write.ts';
import type { ProjectView } from '../../api/get-project.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMailSwitch } from './chat-mail-switch.tsx';
import { ChatMessageItem, type MessageActions } from './chat-message-item.tsx';
import './chat.css';
import { ItemBoundary } from '../../../../lib/item-boundary.tsx';

/** Names of the people of the project, for the typing line (messages add their authors). */
function peopleNames(project: ProjectView, messages: ChatMessage[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const p of [
    project.owner,
    ...project.clients,
    project.accountManager,
    ...project.developers,
    ...project.projectManagers,
  ])
    if (p) names.set(p.id, p.name);
  for (const m of messages) if (m.authorId !== null && m.authorName) names.set(m.authorId, m.authorName);
  return names;
}

function typingLine(names: string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

/** The project's conversation: newest at the bottom, older pages on scroll, live, with search. */
export function ProjectChat({ project }: { project: ProjectView }) {
  const actor = useActor();
  const queryClient = useQueryClient();
  const ref = { ownerId: project.ownerId, clientIds: project.clientIds };
  const canPost = can(actor, 'project:chat-post', ref);
  const canModerate = can(actor, 'project:chat-moderate', ref);
  const mayDownload = can(actor, 'file:download', ref);
  const query = useChatMessages(project.id);
  const writes = useChatWrites(project.id);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const results = useChatSearch(project.id, q);
  const found = useMemo(() => (results.data?.pages ?? []).flatMap((p) => p.messages), [results.data]);
  const listRef = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => new Date());

  // Oldest first on screen; the pages come newest first.
  const messages = useMemo(
    () => (query.data?.pages ?? []).flatMap((p) => p.messages).reverse(),
    [query.data],
  );
  // The marker as it was when the chat opened: the divider stays where the unread began.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const firstMeta = query.data?.pages[0]?.meta;
  useEffect(() => {
    if (openedAt === null && firstMeta) setOpenedAt(firstMeta.lastReadId);
  }, [openedAt, firstMeta]);
  const firstUnreadId = useMemo(() => {
    if (openedAt === null) return null;
    return messages.find((m) => Number(m.id) > openedAt && m.authorId !== actor?.id)?.id ?? null;
  }, [messages, openedAt, actor?.id]);

  // Minute clock: "edit" disappears after 15 minutes, times stay right.
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  // Someone's message arrived: they are no longer typing it.
  const newest = messages.at(-1);
  const newestAuthor = newest?.authorId ?? null;
  const newestId = newest?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message (by id) clears its author.
  useEffect(() => {
    if (newestAuthor !== null) clearTyping(project.id, newestAuthor);
  }, [newestId, newestAuthor, project.id]);

  // Seeing the newest message moves the marker (only while the tab is visible).
  useEffect(() => {
    if (!newestId) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      void markChatRead(project.id, newestId)
        .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.unread(project.id) }))
        .catch(() => {});
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestId, project.id, queryClient]);

  // Scrolling: at open, to the first unread (else the bottom); when a message arrives while at the
  // bottom, stay at the bottom; when older pages arrive on top, keep what was on screen in place.
  const scrolledOnce = useRef(false);
  const nearBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || messages.length === 0) return;
    if (heightBeforeOlder.current !== null) {
      list.scrollTop += list.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (!scrolledOnce.current) {
      if (openedAt === null) return;
      scrolledOnce.current = true;
      const divider = list.querySelector<HTMLElement>('[data-unread-divider]');
      if (divider) list.scrollTop = divider.offsetTop - list.offsetTop - 8;
      else list.scrollTop = list.scrollHeight;
      return;
    }
    if (nearBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages, openedAt]);

  const loadOlder = useCallback(() => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    heightBeforeOlder.current = listRef.current?.scrollHeight ?? null;
    void query.fetchNextPage();
  }, [query]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    nearBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
    if (list.scrollTop < 40 && scrolledOnce.current) loadOlder();
  };

  const actions: MessageActions = useMemo(
    () => ({
      onReply: (m) => setReplyTo(m),
      onEdit: (m, body) => writes.edit.mutateAsync({ id: m.id, body }),
      onDelete: (m) => writes.remove.mutateAsync(m.id),
    }),
    [writes.edit.mutateAsync, writes.remove.mutateAsync],
  );
  const fileHref = useCallback(
    (id: string) => (mayDownload ? fileDownloadUrl(Number(id)) : null),
    [mayDownload],
  );

  const names = peopleNames(project, messages);
  const typing = useTypingIn(project.id)
    .filter((id) => id !== actor?.id)
    .map((id) => names.get(id) ?? 'Someone');

  const renderItem = (m: ChatMessage) => (
    <ItemBoundary key={m.id}>
      <ChatMessageItem
        message={m}
        mine={m.authorId === actor?.id}
        canPost={canPost}
        canModerate={canModerate}
        now={now}
        actions={actions}
        fileHref={fileHref}
      />
    </ItemBoundary>
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className="dd-chat">
      <Stack gap="xs">
        <TextInput
          aria-label="Search messages"
          placeholder="Search messages"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={
            search ? <CloseButton aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
        />
        {q ? (
          <Box className="dd-chat__list" aria-live="polite">
            {results.isPending ? (
              <Center mih={120}>
                <Loader size="sm" aria-label="Searching" />
              </Center>
            ) : results.isError && !results.isFetchNextPageError ? (
              <Alert color="red">The search failed. Please try again.</Alert>
            ) : found.length === 0 ? (
              <Text c="dimmed" size="sm" p="sm">
                No messages match “{q}”.
              </Text>
            ) : (
              <>
                {/* Newest first, as a search answers; older matches a page at a time. */}
                <Stack component="ul" gap={4} className="dd-chat__items" aria-label="Search results">
                  {found.map(renderItem)}
                </Stack>
                {results.hasNextPage ? (
                  <Center py={4}>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      loading={results.isFetchingNextPage}
                      onClick={() => void results.fetchNextPage()}
                    >
                      Load more results
                    </Button>
                  </Center>
                ) : (
                  <Text c="dimmed" size="xs" ta="center" py={4}>
                    {found.length === 1 ? '1 message found' : `All ${found.length} messages found`}
                  </Text>
                )}
                {results.isFetchNextPageError && (
                  <Alert color="red">More results could not be loaded. Please try again.</Alert>
                )}
              </>
            )}
          </Box>
        ) : (
          <Box
            ref={listRef}
            className="dd-chat__list"
            onScroll={onScroll}
            aria-busy={query.isPending || undefined}
          >
            {query.isPending ? (
              <Center mih={200}>
                <Loader aria-label="Loading messages" />
              </Center>
            ) : query.isError ? (
              <Alert color="red" title="The chat could not be loaded">
                <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : messages.length === 0 ? (
              <Center mih={200}>
                <Text c="dimmed" size="sm" ta="center">
                  No messages yet.{canPost ? ' Say hello to the team.' : ''}
                </Text>
              </Center>
            ) : (
              <>
                {query.hasNextPage && (
                  <Center py={4}>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      loading={query.isFetchingNextPage}
                      onClick={loadOlder}
                    >
                      Load older messages
                    </Button>
                  </Center>
                )}
                <Stack component="ul" gap={4} className="dd-chat__items" aria-label="Messages">
                  {messages.map((m) =>
                    m.id === firstUnreadId ? (
                      <Box
                        component="li"
                        key={`divider-${m.id}`}
                        data-unread-divider
                        className="dd-chat__divider-item"
                      >
                        <Divider
                          label="New messages"
                          labelPosition="center"
                          color="red"
                          className="dd-chat__divider"
                        />
                        <Stack component="ul" gap={4} className="dd-chat__items">
                          {renderItem(m)}
                        </Stack>
                      </Box>
                    ) : (
                      renderItem(m)
                    ),
                  )}
                </Stack>
              </>
            )}
          </Box>
        )}
        <Text size="xs" c="dimmed" mih={18} aria-live="polite">
          {typingLine(typing)}
        </Text>
        <ChatMailSwitch projectId={project.id} />
        {canPost ? (
          <ChatComposer
            projectId={project.id}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onSend={async (body, files) => {
              await writes.post.mutateAsync({ body, replyTo: replyTo?.id ?? null, files });
              setReplyTo(null);
              nearBottom.current = true;
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            You can read this chat; your role does not post in it.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
