import { focusManager, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey } from '../../features/auth/api/get-session.ts';
import { chatKeys } from '../../features/project-page/api/chat-messages.ts';
import { myProjectsQueryKey } from '../../features/project-page/api/get-my-projects.ts';
import { projectQueryKey } from '../../features/project-page/api/get-project.ts';
import { projectUpdatesQueryKey } from '../../features/project-page/api/get-project-updates.ts';
import { myScheduledCallsQueryKey } from '../../features/project-page/api/schedule-call-my-calls.ts';
import { projectScheduledCallsQueryKey } from '../../features/project-page/api/schedule-call-project-calls.ts';
import { boardKeys } from '../../features/task-board/api/board-keys.ts';
import { EVENTS_URL } from '../../lib/api-client.ts';
import { markEditing, markRemoteChange } from '../../lib/live-changes.ts';
import { markTyping } from '../../lib/typing-presence.ts';

/** One change as GET /api/events names it (no data: the screens refetch what they show). */
export type LiveChange = { type: string; id: string; project: string; user?: string };

/** The queries that show a change: exactly those are refetched (when on screen) or marked stale. */
export function queriesShowing(change: LiveChange): QueryKey[] {
  const project = Number(change.project);
  switch (change.type) {
    case 'project':
      return [projectQueryKey(project), myProjectsQueryKey, ['projects', 'table']];
    case 'update':
      return [projectUpdatesQueryKey(project)];
    // Files, links and the team are parts of the project document the page shows.
    case 'file':
    case 'link':
    case 'team':
      return [projectQueryKey(project)];
    case 'task':
      return [boardKeys.tasks(project), boardKeys.sidebar(project), [...boardKeys.all(project), 'history']];
    case 'comment':
      return [
        [...boardKeys.all(project), 'comments'],
        [...boardKeys.all(project), 'history'],
      ];
    case 'sprint':
    case 'tag':
      return [boardKeys.all(project)];
    // A message posted, edited or deleted: the conversation, its search and the unread counts.
    case 'message':
      return [chatKeys.all(project)];
    case 'call':
      return [
        myScheduledCallsQueryKey(project),
        projectScheduledCallsQueryKey(project),
        ['available-slots'],
        ['calls'],
      ];
    default:
      return [];
  }
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

const RETRY_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/**
 * The app shell's one EventSource for a signed-in user. Events become invalidations of exactly what
 * changed. The browser reconnects by itself (with Last-Event-ID, so nothing is missed); when the stream
 * is refused or down for good, a new one is opened with a backoff and everything on screen is refetched
 * once it is back. While it is down, regaining focus refetches stale screens instead: nothing alarming
 * is shown either way.
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

    const open = () => {
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.onopen = () => {
        if (failures > 0) void queryClient.invalidateQueries({ type: 'active' });
        failures = 0;
        live = true;
      };
      source.onmessage = (message) => {
        let change: LiveChange;
        try {
          change = JSON.parse(message.data) as LiveChange;
        } catch {
          return;
        }
        if (change.type === 'editing' && change.user) {
          markEditing(Number(change.id), Number(change.user));
          return;
        }
        if (change.type === 'typing' && change.user) {
          markTyping(Number(change.project), Number(change.user));
          return;
        }
        if (change.type === 'task') markRemoteChange('task', Number(change.id));
        invalidateWhenIdle(queryClient, queriesShowing(change));
      };
      // Too long away for a replay: refetch what is on screen.
      source.addEventListener('reset', () => void queryClient.invalidateQueries({ type: 'active' }));
      // The session ended (logout elsewhere, password change): re-check it; the guards go to sign-in.
      source.addEventListener('revoked', () => {
        stopped = true;
        source?.close();
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      });
      source.onerror = () => {
        live = false;
        // CONNECTING: the browser retries by itself. CLOSED: refused (e.g. 401, 502); retry later.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        failures += 1;
        retry = setTimeout(open, RETRY_MS[Math.min(failures, RETRY_MS.length) - 1]);
      };
    };
    open();

    const unsubscribeFocus = focusManager.subscribe((focused) => {
      if (focused && !live) void queryClient.refetchQueries({ type: 'active', stale: true });
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
      unsubscribeFocus();
      source?.close();
    };
  }, [signedIn, queryClient]);
}
