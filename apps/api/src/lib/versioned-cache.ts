type Entry<V> = { version: V; value: Promise<unknown> };

/**
 * Values computed from the database, kept per owner (a database handle) and key while their version
 * stays the same: a changed version means a new load. Concurrent requests for one key share one load
 * (the promise is kept, not its result); a failed load is forgotten. The least recently used go beyond
 * `max` entries, and with `stale`, every entry an older version computed goes as soon as a newer one is
 * seen. Values are shared: never mutate them. Used by the admin lists (modules/admin-lists/list-cache.ts),
 * the performance report (modules/deliveries/report-cache.ts) and the chat's newest pages
 * (modules/chat/chat-page.ts). With `keep: false` a load is not kept (its version may not stand for
 * its data): a kept value of the same version still answers, a miss loads for this call alone.
 */
export function versionedCache<V>(options: { max: number; stale?: (old: V, current: V) => boolean }) {
  const caches = new WeakMap<object, Map<string, Entry<V>>>();
  return function cached<T>(
    owner: object,
    key: string,
    version: V,
    load: () => Promise<T>,
    keep = true,
  ): Promise<T> {
    let cache = caches.get(owner);
    if (!cache) {
      cache = new Map();
      caches.set(owner, cache);
    }
    const hit = cache.get(key);
    if (hit && hit.version === version) {
      cache.delete(key);
      cache.set(key, hit); // most recently used last
      return hit.value as Promise<T>;
    }
    const value = load();
    if (!keep) return value;
    cache.set(key, { version, value });
    value.catch(() => {
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    for (const [old, entry] of cache)
      if (cache.size > options.max || options.stale?.(entry.version, version)) cache.delete(old);
    return value;
  };
}
