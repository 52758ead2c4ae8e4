// A @fastify/rate-limit store in PostgreSQL (docs/product.md §F3, §D9: nothing in memory decides
// anything across processes). Every app process behind the load balancer counts in the same
// `rate_limits` row, so a limit of 30 sign-ins a minute per address is 30 in total, not 30 per process.
//
// Semantics follow the plugin's in-memory LocalStore: a fixed window that starts with the first request
// of a key and lasts `timeWindow` ms; the count restarts at 1 once the window has passed. One statement,
// an INSERT … ON CONFLICT DO UPDATE, reads and advances the row atomically (the row lock serialises
// concurrent requests of one key), and returns the count and the milliseconds left in the window.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin really hands to child(): the limit's merged options, with the route they belong to. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired rows are deleted after this many increments of one process (and at its first one). */
const SWEEP_EVERY = 500;
/** Rows whose window started longer ago than this are dropped (the longest limit is 15 minutes). */
const SWEEP_AFTER = '1 day';

type Row = { count: number; ttl: number };

/**
 * The one statement that counts a request against a limit: the window's row advanced (or restarted),
 * answering `count` and `ttl`. Also a CTE of a statement that does the limited work in the same round
 * trip (the chat's one-statement post, modules/chat/message-service.ts), which then counts in the same
 * row as the store does.
 */
export const rateLimitIncrementSql = (fullKey: string | SQL, windowMs: number | SQL) => sql`
        insert into rate_limits as r (key, window_start, count)
        values (${fullKey}, clock_timestamp(), 1)
        on conflict (key) do update set
          count = case when r.window_start + ${windowMs} * interval '1 millisecond' <= clock_timestamp()
                       then 1 else r.count + 1 end,
          window_start = case when r.window_start + ${windowMs} * interval '1 millisecond' <= clock_timestamp()
                              then clock_timestamp() else r.window_start end
        returning count,
          greatest(0, ceil(extract(epoch from (window_start + ${windowMs} * interval '1 millisecond'
            - clock_timestamp())) * 1000))::int as ttl`;

/**
 * The store class to hand to `app.register(rateLimit, { store })`. `getDb` is read on each request:
 * the plugin builds its stores while the app registers, before the database plugin has opened the pool.
 */
export function postgresRateLimitStore(getDb: () => Db): FastifyRateLimitStoreCtor {
  let increments = 0;

  async function sweep(db: Db) {
    await db.execute(sql`delete from rate_limits where window_start < now() - ${SWEEP_AFTER}::interval`);
  }

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const db = getDb();
      const fullKey = this.prefix + key;
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      db.execute(rateLimitIncrementSql(fullKey, windowMs))
        .then((result) => {
          const row = (result as unknown as { rows: Row[] }).rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? windowMs) });
          if (increments++ % SWEEP_EVERY === 0) sweep(db).catch(() => {});
        })
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const db = getDb();
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      db.execute(sql`
        select count,
          greatest(0, ceil(extract(epoch from (window_start + ${windowMs} * interval '1 millisecond'
            - clock_timestamp())) * 1000))::int as ttl
        from rate_limits
        where key = ${this.prefix + key}
          and window_start + ${windowMs} * interval '1 millisecond' > clock_timestamp()`)
        .then((result) => {
          const row = (result as unknown as { rows: Row[] }).rows[0];
          callback(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        })
        .catch((error: Error) => callback(error));
    }

    /** One store per limit: a route's limit is keyed by its method and URL, a named limiter by its key. */
    child(routeOptions: object): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as ChildOptions;
      const method = routeInfo?.method;
      const url = routeInfo?.url;
      const scope = method && url ? `${Array.isArray(method) ? method.join(',') : method} ${url}|` : '';
      return new PostgresRateLimitStore(undefined, this.prefix + scope);
    }
  };
}
