import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./first-paint.ts');
type Entry = { startTime: number };

/** A stand-in for the browser's PerformanceObserver that reports what the test hands it. */
function fakeObserver(supported: string[]) {
  const observers = new Set<(entries: Entry[]) => void>();
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly report = (entries: Entry[]) => this.callback({ getEntries: () => entries });
    constructor(private readonly callback: (list: { getEntries: () => Entry[] }) => void) {}
    observe() {
      observers.add(this.report);
    }
    disconnect() {
      observers.delete(this.report);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const report = (entries: Entry[]) => {
    for (const each of observers) each(entries);
  };
  return Object.assign(report, { watching: () => observers.size });
}

/** The module afresh (its state is the page's), with the browser globals it reads. */
async function load(visibility: 'visible' | 'hidden' = 'visible'): Promise<Module> {
  vi.resetModules();
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('document', { visibilityState: visibility });
  return import('./first-paint.ts');
}

/** Whether the promise has settled after the microtasks queued so far. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reads held while the first screen paints (docs/adr/0040)', () => {
  it('holds nothing until the first screen is about to render', async () => {
    const paint = await load();
    expect(paint.whileFirstScreenPaints()).toBeNull();
  });

  it("releases the held reads once the browser reports the new content's largest paint", async () => {
    const report = fakeObserver(['paint', 'largest-contentful-paint']);
    const paint = await load();
    paint.holdReadsForFirstScreen();
    const held = paint.whileFirstScreenPaints();
    expect(held).toBeInstanceOf(Promise);
    paint.releaseAfterPresented(100);
    // The loading state's paint, from before the commit, does not count.
    report([{ startTime: 40 }]);
    expect(await settled(held!)).toBe(false);
    report([{ startTime: 130 }]);
    expect(await settled(held!)).toBe(true);
    expect(paint.whileFirstScreenPaints()).toBeNull();
    // Released, it stops watching the page's paints.
    expect(report.watching()).toBe(0);
  });

  it('releases them after MAX_HOLD_MS when no paint is reported', async () => {
    const report = fakeObserver(['paint', 'largest-contentful-paint']);
    const paint = await load();
    paint.holdReadsForFirstScreen();
    const held = paint.whileFirstScreenPaints()!;
    paint.releaseAfterPresented(0);
    await vi.advanceTimersByTimeAsync(paint.MAX_HOLD_MS - 1);
    expect(await settled(held)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(held)).toBe(true);
    expect(report.watching()).toBe(0);
  });

  it('releases them two frames later where the browser has no largest-paint entries', async () => {
    fakeObserver(['paint']);
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const paint = await load();
    paint.holdReadsForFirstScreen();
    const held = paint.whileFirstScreenPaints()!;
    paint.releaseAfterPresented(0);
    frames.shift()!();
    expect(await settled(held)).toBe(false);
    frames.shift()!();
    expect(await settled(held)).toBe(true);
  });

  it('waits for nothing in a background tab, which does not paint', async () => {
    fakeObserver(['largest-contentful-paint']);
    const paint = await load('hidden');
    paint.holdReadsForFirstScreen();
    const held = paint.whileFirstScreenPaints()!;
    paint.releaseAfterPresented(0);
    expect(await settled(held)).toBe(true);
  });

  it('holds only once per page: after the release, a later hold does nothing', async () => {
    const report = fakeObserver(['largest-contentful-paint']);
    const paint = await load();
    paint.holdReadsForFirstScreen();
    paint.releaseAfterPresented(0);
    report([{ startTime: 10 }]);
    await vi.advanceTimersByTimeAsync(0);
    paint.holdReadsForFirstScreen();
    expect(paint.whileFirstScreenPaints()).toBeNull();
  });
});
