/**
 * When React Query's observers hear of new answers (docs/adr/0041-answers-told-once-a-frame.md).
 *
 * React Query tells the components reading a query about its new answer in a task of its own, one zero
 * timeout per answer, and each such task is a synchronous React render of every component reading it
 * (`useSyncExternalStore` updates are never deferred). The first screen's other reads go out together once
 * its content has painted (docs/adr/0040) and come back a few milliseconds apart: one render each, ten to
 * fifteen long tasks on a phone. Told in the next animation frame instead, the answers that came back
 * within that frame render together, in one task that runs right before the frame is painted.
 */
type Win = Pick<Window, 'requestAnimationFrame' | 'cancelAnimationFrame' | 'setTimeout' | 'clearTimeout'>;

/** A frame callback never runs in a hidden tab: notifications wait at most this long there. */
export const HIDDEN_TAB_WAIT_MS = 50;

/** A scheduler for `notifyManager.setScheduler`: the callbacks queued until the next frame run in it. */
export function notifyInNextFrame(win: Win = window, doc: Pick<Document, 'visibilityState'> = document) {
  let queue: Array<() => void> = [];
  let frame = 0;
  let timer = 0;

  function flush() {
    win.cancelAnimationFrame(frame);
    win.clearTimeout(timer);
    const due = queue;
    queue = [];
    for (const callback of due) {
      try {
        callback();
      } catch (error) {
        // One observer's error must not keep the others from hearing; it is still reported, as before.
        win.setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }

  return (callback: () => void): void => {
    queue.push(callback);
    if (queue.length > 1) return;
    if (doc.visibilityState === 'hidden') {
      timer = win.setTimeout(flush, HIDDEN_TAB_WAIT_MS);
      return;
    }
    frame = win.requestAnimationFrame(flush);
    // The tab may be hidden before the frame comes; then the timer runs the queue.
    timer = win.setTimeout(flush, HIDDEN_TAB_WAIT_MS * 4);
  };
}
