import { ADMIN_DRAFT_THROTTLE_MS, DRAFT_TTL_MS } from '@dd/domain';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Local drafts of the admin create forms (docs/product.md §A4): saved at most every 2 seconds (always the latest
 * values), dropped after 24 hours, never holding the fields listed in `omit` (passwords; avatar files
 * are never form values), and cleared after a successful submit.
 */
const PREFIX = 'dd.admin-draft.';

export function loadFormDraft<T extends object>(name: string, now = Date.now()): Partial<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { savedAt?: unknown; values?: unknown };
    if (typeof saved.savedAt !== 'number' || now - saved.savedAt > DRAFT_TTL_MS || !saved.values) {
      localStorage.removeItem(PREFIX + name);
      return null;
    }
    return typeof saved.values === 'object' ? (saved.values as Partial<T>) : null;
  } catch {
    return null;
  }
}

export function clearFormDraft(name: string): void {
  try {
    localStorage.removeItem(PREFIX + name);
  } catch {
    // Storage unavailable: nothing was saved.
  }
}

function writeFormDraft(name: string, values: object, omit: readonly string[]): void {
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !omit.includes(key)));
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify({ savedAt: Date.now(), values: kept }));
  } catch {
    // Storage full or unavailable: the draft simply is not kept.
  }
}

/**
 * Saves `values` under `name` on change, throttled to one write per 2 s with a trailing write of the
 * newest values. Returns `clear`, which also cancels a pending write (call it after success).
 */
export function useFormDraft(name: string, values: object, omit: readonly string[] = []) {
  const latest = useRef(values);
  const lastWrite = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cleared = useRef(false);
  latest.current = values;
  const serialized = JSON.stringify(values);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized values are the trigger.
  useEffect(() => {
    if (cleared.current) {
      cleared.current = false;
      return;
    }
    const write = () => {
      timer.current = null;
      lastWrite.current = Date.now();
      writeFormDraft(name, latest.current, omit);
    };
    const wait = lastWrite.current + ADMIN_DRAFT_THROTTLE_MS - Date.now();
    if (wait <= 0) write();
    else if (timer.current === null) timer.current = setTimeout(write, wait);
  }, [serialized, name]);

  // Leaving the page flushes a pending write, so the last 2 seconds of typing are kept too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, reads the refs at unmount.
  useEffect(
    () => () => {
      if (timer.current === null) return;
      clearTimeout(timer.current);
      writeFormDraft(name, latest.current, omit);
    },
    [],
  );

  return useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    cleared.current = true;
    clearFormDraft(name);
  }, [name]);
}
