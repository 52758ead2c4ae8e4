import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * Which records changed elsewhere (another person, another tab) a moment ago, as the live event stream
 * said, so a screen can show the change (a moved card flashes). Changes this tab made itself are marked
 * local first and never count as "elsewhere": the stream echoes every write back, ours included.
 */
const LOCAL_MS = 4000;
const REMOTE_MS = 4000;
const HIGHLIGHT_MS = 1500;
const local = new Map<string, number>();
const remote = new Map<string, number>();

export function markLocalChange(kind: string, id: number): void {
  local.set(`${kind}:${id}`, Date.now());
}

export function markRemoteChange(kind: string, id: number): void {
  const key = `${kind}:${id}`;
  if (Date.now() - (local.get(key) ?? 0) < LOCAL_MS) return;
  remote.set(key, Date.now());
}

export function changedElsewhere(kind: string, id: number): boolean {
  return Date.now() - (remote.get(`${kind}:${id}`) ?? 0) < REMOTE_MS;
}

/**
 * True for 1.5 s after `place` (where a record sits: its column and position) changed because someone
 * else changed the record; the caller adds a highlight class meanwhile.
 */
export function useChangedElsewhereHighlight(kind: string, id: number, place: string): boolean {
  const previous = useRef(place);
  const [highlight, setHighlight] = useState(false);
  useEffect(() => {
    if (previous.current === place) return;
    previous.current = place;
    if (!changedElsewhere(kind, id)) return;
    setHighlight(true);
    const timer = setTimeout(() => setHighlight(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [kind, id, place]);
  return highlight;
}

/** Presence: who (a user id) has which task open for editing, as announced by the event stream. */
const EDITING_MS = 25_000;
const editing = new Map<number, { userId: number; until: number }>();
const editingListeners = new Set<() => void>();
let editingVersion = 0;
const notifyEditing = () => {
  editingVersion += 1;
  for (const listener of editingListeners) listener();
};

/** Someone is editing `taskId`; forgotten EDITING_MS after their last announcement. */
export function markEditing(taskId: number, userId: number): void {
  const until = Date.now() + EDITING_MS;
  editing.set(taskId, { userId, until });
  notifyEditing();
  setTimeout(() => {
    if ((editing.get(taskId)?.until ?? 0) <= Date.now()) {
      editing.delete(taskId);
      notifyEditing();
    }
  }, EDITING_MS + 50);
}

function subscribeEditing(listener: () => void) {
  editingListeners.add(listener);
  return () => editingListeners.delete(listener);
}

/** The user id editing this task right now, or null. */
export function useEditingBy(taskId: number): number | null {
  useSyncExternalStore(subscribeEditing, () => editingVersion);
  const entry = editing.get(taskId);
  return entry && entry.until > Date.now() ? entry.userId : null;
}
