import { useEffect, useState } from 'react';

/**
 * True once the browser is first idle after the component mounted (at most 2 s later; 200 ms where
 * `requestIdleCallback` is missing). For work a first screen can show a moment later: started then, it runs
 * in a task of its own instead of lengthening the one that painted the screen (docs/adr/0029,
 * docs/adr/0034).
 */
export function useFirstIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}
