import { describe, expect, it } from 'vitest';
import { ByteBudget } from './byte-budget.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('ByteBudget', () => {
  it('lets in what fits, queues the rest first come first served, never more than the capacity', async () => {
    const budget = new ByteBudget({ capacity: 100, maxWaiting: 10, maxWaitingPerKey: 10 });
    const order: string[] = [];
    const a = await budget.acquire(60, 'a')!;
    const b = budget.acquire(60, 'b')!.then((release) => {
      order.push('b');
      return release;
    });
    const c = budget.acquire(30, 'c')!.then((release) => {
      order.push('c');
      return release;
    });
    await tick();
    // c would fit, but b is ahead of it: no overtaking, so a large upload is never starved.
    expect(order).toEqual([]);
    expect(budget.waiting).toBe(2);
    a();
    const releaseB = await b;
    const releaseC = await c;
    expect(order).toEqual(['b', 'c']);
    expect(budget.inFlight).toBe(90);
    releaseB();
    releaseC();
    releaseC();
    expect(budget.inFlight).toBe(0);
    expect(budget.peak).toBeLessThanOrEqual(100);
  });

  it('a request larger than the whole budget waits for all of it', async () => {
    const budget = new ByteBudget({ capacity: 100, maxWaiting: 10, maxWaitingPerKey: 10 });
    const small = await budget.acquire(10, 'a')!;
    let huge: (() => void) | null = null;
    void budget.acquire(10_000, 'b')!.then((release) => {
      huge = release;
    });
    await tick();
    expect(huge).toBeNull();
    small();
    await tick();
    expect(huge).not.toBeNull();
    expect(budget.inFlight).toBe(100);
  });

  it('refuses at once past the queue limits, per key and in all', async () => {
    const budget = new ByteBudget({ capacity: 10, maxWaiting: 3, maxWaitingPerKey: 2 });
    await budget.acquire(10, 'x')!;
    expect(budget.acquire(10, 'u')).not.toBeNull();
    expect(budget.acquire(10, 'u')).not.toBeNull();
    expect(budget.acquire(10, 'u')).toBeNull();
    expect(budget.acquire(10, 'v')).not.toBeNull();
    expect(budget.acquire(10, 'w')).toBeNull();
  });

  it('a request that goes away while waiting leaves the line', async () => {
    const budget = new ByteBudget({ capacity: 10, maxWaiting: 3, maxWaitingPerKey: 3 });
    const first = await budget.acquire(10, 'a')!;
    const gone = new AbortController();
    const left = budget.acquire(10, 'b', gone.signal)!;
    const next = budget.acquire(10, 'c')!;
    gone.abort();
    (await left)();
    expect(budget.waiting).toBe(1);
    first();
    await next;
    expect(budget.inFlight).toBe(10);
  });
});
