import { useEffect } from 'react';

/**
 * The first screen's reads that the page did not carry go out once that screen has been presented
 * (docs/adr/0040-reads-after-the-first-paint.md). Its own data came with the page (docs/adr/0017); the rest
 * (the projects strip, the chat's unread count, the tour, the discovery calls...) is asked for by effects
 * that React runs right after the commit, in a task that comes before the browser paints. Started there,
 * they stood between the page's content and its paint: on a phone, Lighthouse's largest paint waited for
 * them. Held until the browser reports the new content's paint (its largest-contentful-paint entry), they go
 * out a frame or two later instead; MAX_HOLD_MS bounds the wait.
 */
type State = 'open' | 'holding' | 'released';
let state: State = 'open';
let release: () => void = () => {};
const released = new Promise<void>((resolve) => {
  release = resolve;
});

/** At most this long after the first screen's commit, when the browser reports no paint. */
export const MAX_HOLD_MS = 1000;

/** A promise to wait on before a read goes out, while the first screen is being painted; null otherwise. */
export function whileFirstScreenPaints(): Promise<void> | null {
  return state === 'holding' ? released : null;
}

/** From now on reads wait: the first screen is about to render (the session gate's answers are in). */
export function holdReadsForFirstScreen(): void {
  if (state === 'open') state = 'holding';
}

function releaseReads(): void {
  if (state === 'released') return;
  state = 'released';
  release();
}

/**
 * Releases the reads once the browser reports a paint at or after `since` (performance.now()), and
 * returns what stops waiting. Where the browser has no largest-contentful-paint entries (Safari), two
 * frames later.
 */
export function releaseAfterPresented(since: number): () => void {
  if (document.visibilityState === 'hidden') {
    // A page loaded in a background tab does not paint, and its timers are slowed down: wait for nothing.
    releaseReads();
    return () => {};
  }
  if (
    typeof PerformanceObserver !== 'function' ||
    !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    // A frame callback runs before the browser paints; the next frame's runs after that paint.
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => window.setTimeout(releaseReads, 0)),
    );
    return () => cancelAnimationFrame(frame);
  }
  // No entry comes when the new content is no larger than the loading state, or after the first input.
  const timer = window.setTimeout(done, MAX_HOLD_MS);
  const observer = new PerformanceObserver((list) => {
    // The entry comes once the frame was presented; a task from here runs after it.
    if (list.getEntries().some((entry) => entry.startTime >= since)) window.setTimeout(done, 0);
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  function stop() {
    window.clearTimeout(timer);
    observer.disconnect();
  }
  // Released either way, nothing is left watching: later entries (until the first input) find no observer.
  function done() {
    stop();
    releaseReads();
  }
  return stop;
}

/** Once `rendered` (the first screen committed), held reads go out after its paint. */
export function useReleaseReadsAfterPaint(rendered: boolean): void {
  useEffect(() => {
    if (!rendered || state !== 'holding') return;
    const stop = releaseAfterPresented(performance.now());
    return () => {
      // Unmounted before the paint was reported: nothing must wait for it any longer.
      stop();
      releaseReads();
    };
  }, [rendered]);
}
