import { defaultScheduler, notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN_TAB_WAIT_MS, notifyInNextFrame } from './frame-notify.ts';

/** A window whose animation frames the test runs by hand; its timers are Vitest's fake ones. */
function fakeWindow() {
  const frames = new Map<number, FrameRequestCallback>();
  let next = 1;
  const win = {
    requestAnimationFrame: (callback: FrameRequestCallback) => {
      frames.set(next, callback);
      return next++;
    },
    cancelAnimationFrame: (id: number) => {
      frames.delete(id);
    },
    setTimeout: (handler: () => void, ms?: number) => setTimeout(handler, ms) as unknown as number,
    clearTimeout: (id?: number) => clearTimeout(id),
  };
  const frame = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const callback of due) callback(performance.now());
    return due.length;
  };
  return { win: win as unknown as Window, frame };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('answers told once a frame (docs/adr/0041)', () => {
  it('runs the callbacks queued before a frame together, in that one frame callback', () => {
    const { win, frame } = fakeWindow();
    const schedule = notifyInNextFrame(win, { visibilityState: 'visible' });
    const told: string[] = [];
    schedule(() => told.push('project'));
    schedule(() => told.push('calls'));
    schedule(() => told.push('tour'));
    expect(told).toEqual([]);
    expect(frame()).toBe(1);
    expect(told).toEqual(['project', 'calls', 'tour']);
    // The queue is empty again: the next answer asks for a frame of its own.
    schedule(() => told.push('unread'));
    expect(frame()).toBe(1);
    expect(told).toEqual(['project', 'calls', 'tour', 'unread']);
    // The frame ran them: the fallback timer does not run them twice.
    vi.advanceTimersByTime(HIDDEN_TAB_WAIT_MS * 4);
    expect(told).toHaveLength(4);
  });

  it('does not wait for a frame in a hidden tab, where none comes', () => {
    const { win, frame } = fakeWindow();
    const schedule = notifyInNextFrame(win, { visibilityState: 'hidden' });
    const told = vi.fn();
    schedule(told);
    schedule(told);
    expect(frame()).toBe(0);
    vi.advanceTimersByTime(HIDDEN_TAB_WAIT_MS);
    expect(told).toHaveBeenCalledTimes(2);
  });

  it('still tells them when the tab is hidden after the frame was asked for', () => {
    const { win } = fakeWindow();
    const schedule = notifyInNextFrame(win, { visibilityState: 'visible' });
    const told = vi.fn();
    schedule(told);
    vi.advanceTimersByTime(HIDDEN_TAB_WAIT_MS * 4);
    expect(told).toHaveBeenCalledOnce();
  });

  it('tells the others when one observer throws, and reports that error after', () => {
    const { win, frame } = fakeWindow();
    const schedule = notifyInNextFrame(win, { visibilityState: 'visible' });
    const after = vi.fn();
    schedule(() => {
      throw new Error('a broken observer');
    });
    schedule(after);
    frame();
    expect(after).toHaveBeenCalledOnce();
    expect(() => vi.runOnlyPendingTimers()).toThrow('a broken observer');
  });

  it("batches React Query's own notifications: two answers, one frame, both seen in it", async () => {
    const { win, frame } = fakeWindow();
    notifyManager.setScheduler(notifyInNextFrame(win, { visibilityState: 'visible' }));
    try {
      const client = new QueryClient();
      const seen: string[] = [];
      for (const key of ['strip', 'unread']) {
        const observer = new QueryObserver(client, { queryKey: [key], queryFn: async () => `${key} answer` });
        // As useQuery subscribes: its store-change callback goes through the notify manager's scheduler.
        observer.subscribe(
          notifyManager.batchCalls(() => {
            const { data } = observer.getCurrentResult();
            if (data) seen.push(data);
          }),
        );
      }
      await vi.advanceTimersByTimeAsync(0);
      expect(seen).toEqual([]);
      // Each observer hears of its fetch starting and of its answer; all of it in the one frame.
      expect(frame()).toBe(1);
      expect(new Set(seen)).toEqual(new Set(['strip answer', 'unread answer']));
    } finally {
      notifyManager.setScheduler(defaultScheduler);
    }
  });
});
