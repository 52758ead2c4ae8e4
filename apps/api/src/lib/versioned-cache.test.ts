import { describe, expect, it } from 'vitest';
import { versionedCache } from './versioned-cache.ts';

describe('versionedCache', () => {
  const owner = {};
  it('shares one load per key and version, and loads again for a new version', async () => {
    const cached = versionedCache<number>({ max: 10 });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cached(owner, 'k', 1, load), cached(owner, 'k', 1, load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cached(owner, 'k', 2, load)).toBe(2);
    expect(await cached(owner, 'k', 2, load)).toBe(2);
  });

  it('forgets a failed load', async () => {
    const cached = versionedCache<number>({ max: 10 });
    await expect(cached(owner, 'k', 1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cached(owner, 'k', 1, async () => 'up')).toBe('up');
  });

  it('drops the least recently used beyond max, and with stale every older version at once', async () => {
    const lru = versionedCache<number>({ max: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await lru(owner, 'a', 1, load);
    await lru(owner, 'b', 1, load);
    await lru(owner, 'a', 1, load); // a is now the most recent
    await lru(owner, 'c', 1, load); // b goes
    expect(loads).toBe(3);
    await lru(owner, 'a', 1, load);
    expect(loads).toBe(3);
    await lru(owner, 'b', 1, load);
    expect(loads).toBe(4);

    const versions = versionedCache<number>({ max: 10, stale: (old, current) => old < current });
    let n = 0;
    await versions(owner, 'x', 1, async () => ++n);
    await versions(owner, 'y', 2, async () => ++n); // x (version 1) goes
    await versions(owner, 'x', 1, async () => ++n);
    expect(n).toBe(3);
  });
});
