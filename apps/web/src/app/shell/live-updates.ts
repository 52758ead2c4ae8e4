import { type LiveChange, type LiveEventKind, readLiveChange } from '@dd/domain';
import { focusManager, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey } from '../../features/auth/api/get-session.ts';
import { gitKeys } from '../../features/git/api/git-keys.ts';
import { notificationsQueryKey } from '../../features/notifications/api/search-notifications.ts';
import { chatKeys } from '../../features/project-page/api/chat-messages.ts';
import { deliveriesQueryKey } from '../../features/project-page/api/get-deliveries.ts';
import { myProjectsQueryKey } from '../../features/project-page/api/get-my-projects.ts';
import { projectQueryKey } from '../../features/project-page/api/get-project.ts';
import { projectProgressQueryKey } from '../../features/project-page/api/get-project-progress.ts';
import { projectUpdatesQueryKey } from '../../features/project-page/api/get-project-updates.ts';
import { myScheduledCallsQueryKey } from '../../features/project-page/api/schedule-call-my-calls.ts';
import { projectScheduledCallsQueryKey } from '../../features/project-page/api/schedule-call-project-calls.ts';
import { boardKeys } from '../../features/task-board/api/board-keys.ts';
import { EVENTS_URL } from '../../lib/api-client.ts';
import { markEditing, markRemoteChange } from '../../lib/live-changes.ts';
import { markTyping } from '../../lib/typing-presence.ts';

type Queries = (project: number) => QueryKey[];
const nothing: Queries = () => [];
const projectDocument: Queries = (project) => [projectQueryKey(project)];
const wholeBoard: Queries = (project) => [boardKeys.all(project)];

/**
 * The queries that show each kind of change: exactly those are refetched (when on screen) or marked stale.
 * One entry per kind of the domain's union (packages/domain/src/live-events.ts), so a kind the server
 * starts sending does not compile until the web says what it refreshes.
 */
export const QUERIES_SHOWING = {
  project: (project) => [projectQueryKey(project), myProjectsQueryKey, ['projects', 'table']],
  update: (project) => [projectUpdatesQueryKey(project)],
  // Files, links and the team are parts of the project document the page shows.
  file: projectDocument,
  link: projectDocument,
  team: projectDocument,
  task: (project) => [
    boardKeys.tasks(project),
    boardKeys.sidebar(project),
    [...boardKeys.all(project), 'history'],
  ],
  comment: (project) => [
    [...boardKeys.all(project), 'comments'],
    [...boardKeys.all(project), 'history'],
  ],
  // A task delivered to, or decided by, the product owner: the review card and the progress counts.
  delivery: (project) => [deliveriesQueryKey(project), projectProgressQueryKey(project)],
  sprint: wholeBoard,
  tag: wholeBoard,
  // A message posted, edited or deleted: the conversation, its search and the unread counts.
  message: (project) => [chatKeys.all(project)],
  call: (project) => [
    myScheduledCallsQueryKey(project),
    projectScheduledCallsQueryKey(project),
    ['available-slots'],
    ['calls'],
  ],
  // A webhook delivery: the Git tab and the task modals' linked commits (task moves come as 'task').
  git: (project) => [gitKeys.all(project)],
  // A new entry in my bell (the stream sends these to their recipient only).
  notification: () => [notificationsQueryKey],
  // Presence changes no data: it marks who is editing or typing (see `act` below).
  editing: nothing,
  typing: nothing,
} satisfies Record<LiveEventKind, Queries>;

export function queriesShowing(change: LiveChange): QueryKey[] {
  return QUERIES_SHOWING[change.type](Number(change.project));
}

/**
 * Invalidation only refetches server data; forms keep what the user typed in their own state. While a
 * write of this tab is in flight (an optimistic card move) the refetch waits for it, so a card never
 * jumps back and forth: the write's own settle refreshes after it anyway.
 */
function invalidateWhenIdle(queryClient: QueryClient, keys: QueryKey[]) {
  const run = () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  if (queryClient.isMutating() === 0) return run();
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (queryClient.isMutating() > 0) return;
    unsubscribe();
    run();
  });
}

/** A frame's data as the domain reads it (`readLiveChange`, held to its schema); null for malformed JSON or a kind this build does not know. */
export function parseChange(data: string): LiveChange | null {
  try {
    return readLiveChange(JSON.parse(data));
  } catch {
    return null;
  }
}

const RETRY_MS = [2_000, 5_000, 15_000, 30_000, 60_000];
/** The tabs of one browser share one stream (the server caps them, docs/adr/0019-event-stream-caps.md). */
const SHARED_NAME = 'dd-live-events';

/** What the tab holding the stream tells the others: the stream's own events, and whether it is up. */
type Relayed =
  | { kind: 'change'; data: string }
  | { kind: 'reset' }
  | { kind: 'revoked' }
  | { kind: 'up'; afterFailure: boolean }
  | { kind: 'down' };

/**
 * The app shell's one EventSource for a signed-in user, shared by the browser's tabs: the tab that holds
 * a Web Lock opens it and relays what arrives on a BroadcastChannel; when that tab closes, the lock passes
 * to another tab, which opens its own (a browser without these APIs opens one per tab, as before).
 * Events become invalidations of exactly what changed. The browser reconnects by itself (with
 * Last-Event-ID, so nothing is missed); when the stream is refused (429 included) or down for good, a
 * new one is opened with a backoff and everything on screen is refetched once it is back. While it is
 * down, regaining focus refetches stale screens instead: nothing alarming is shown either way.
 */
export function useLiveUpdates(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let live = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // A tab that followed another's stream and takes it over refetches: the handover may have missed events.
    let followed = false;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SHARED_NAME);
    const locks = typeof navigator !== 'undefined' && channel ? navigator.locks : undefined;

    // Every tab acts on the same events, the holder's own and those relayed to the others.
    const act = (event: Relayed) => {
      if (event.kind === 'up') {
        if (event.afterFailure) void queryClient.invalidateQueries({ type: 'active' });
        live = true;
      } else if (event.kind === 'down') live = false;
      // Too long away for a replay: refetch what is on screen.
      else if (event.kind === 'reset') void queryClient.invalidateQueries({ type: 'active' });
      // The session ended (logout elsewhere, password change): re-check it; the guards go to sign-in.
      else if (event.kind === 'revoked') void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      else {
        const change = parseChange(event.data);
        if (!change) return;
        if (change.type === 'editing') {
          markEditing(Number(change.id), Number(change.user));
          return;
        }
        if (change.type === 'typing') {
          markTyping(Number(change.project), Number(change.user));
          return;
        }
        if (change.type === 'task') markRemoteChange('task', Number(change.id));
        invalidateWhenIdle(queryClient, queriesShowing(change));
      }
    };
    const relay = (event: Relayed) => {
      act(event);
      channel?.postMessage(event);
    };
    if (channel)
      channel.onmessage = (message: MessageEvent<Relayed>) => {
        followed = true;
        act(message.data);
      };

    const open = () => {
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.onopen = () => {
        relay({ kind: 'up', afterFailure: failures > 0 || followed });
        failures = 0;
        followed = false;
      };
      source.onmessage = (message) => relay({ kind: 'change', data: String(message.data) });
      source.addEventListener('reset', () => relay({ kind: 'reset' }));
      source.addEventListener('revoked', () => {
        stopped = true;
        source?.close();
        relay({ kind: 'revoked' });
      });
      source.onerror = () => {
        relay({ kind: 'down' });
        // CONNECTING: the browser retries by itself. CLOSED: refused (e.g. 401, 429, 502); retry later.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        failures += 1;
        retry = setTimeout(open, RETRY_MS[Math.min(failures, RETRY_MS.length) - 1]);
      };
    };

    // The lock is held until this tab's effect ends (or the tab closes): then the next tab takes it.
    let releaseLock = () => {};
    const held = new Promise<void>((resolve) => {
      releaseLock = resolve;
    });
    if (locks)
      locks
        .request(SHARED_NAME, () => {
          if (stopped) return;
          open();
          return held;
        })
        .catch(() => {});
    else open();

    const unsubscribeFocus = focusManager.subscribe((focused) => {
      if (focused && !live) void queryClient.refetchQueries({ type: 'active', stale: true });
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
      unsubscribeFocus();
      source?.close();
      if (source) channel?.postMessage({ kind: 'down' } satisfies Relayed);
      channel?.close();
      releaseLock();
    };
  }, [signedIn, queryClient]);
}
