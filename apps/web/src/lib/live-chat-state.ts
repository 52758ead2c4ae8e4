import { useSyncExternalStore } from 'react';

// Whether the live-chat panel is open: one flag for the whole app, so the shell owns the widget and a
// feature (the first-visit tour) can open it without the two importing each other.
let opened = false;
const listeners = new Set<() => void>();

export function setLiveChatOpen(next: boolean): void {
  if (next === opened) return;
  opened = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveChatOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => opened,
    () => false,
  );
}
