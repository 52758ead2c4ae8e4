import { TYPING_TTL_MS } from '@dd/domain';
import { useSyncExternalStore } from 'react';

/**
 * Who is typing in which project's chat, from the live `typing` events (not stored anywhere): each
 * entry is forgotten TYPING_TTL_MS after that person's last announcement.
 */
const typing = new Map<number, Map<number, number>>();
const listeners = new Set<() => void>();
let version = 0;
const notify = () => {
  version += 1;
  for (const listener of listeners) listener();
};

export function markTyping(projectId: number, userId: number): void {
  const until = Date.now() + TYPING_TTL_MS;
  const people = typing.get(projectId) ?? new Map<number, number>();
  people.set(userId, until);
  typing.set(projectId, people);
  notify();
  setTimeout(() => {
    if ((people.get(userId) ?? 0) <= Date.now()) {
      people.delete(userId);
      notify();
    }
  }, TYPING_TTL_MS + 50);
}

/** Someone stopped typing because their message arrived: forget them at once. */
export function clearTyping(projectId: number, userId: number): void {
  if (typing.get(projectId)?.delete(userId)) notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids of the people typing in this project's chat right now, re-rendering as that changes. */
export function useTypingIn(projectId: number): number[] {
  useSyncExternalStore(subscribe, () => version);
  return typingIn(projectId);
}

export function typingIn(projectId: number, now = Date.now()): number[] {
  return [...(typing.get(projectId) ?? new Map<number, number>()).entries()]
    .filter(([, until]) => until > now)
    .map(([userId]) => userId);
}
