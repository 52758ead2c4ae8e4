import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statements the server sends often are prepared by name, so PostgreSQL plans them once per connection
 * instead of on every request (docs/adr/0033-hot-statements.md). A statement drizzle sends goes unnamed:
 * parsed and planned each time, which `pg_stat_statements` showed costs as much as running it for many
 * per-request reads (the slot list: 0.24 of 0.38 ms; a list page: 2.1 of 8.6 ms).
 *
 * Only statements with parameters are counted, and a text becomes a named statement on its HOT_AFTER-th
 * use, up to MAX_HOT texts per process: a statement used rarely, or one of the many texts a list of
 * variable length makes, stays unnamed, so the plans each connection keeps stay bounded. PostgreSQL
 * still plans a named statement afresh while its generic plan looks dearer than the custom ones
 * (plan_cache_mode auto), so a statement whose plan depends on its values keeps getting its own.
 */
const HOT_AFTER = 20;
const MAX_HOT = 300;
/** Texts counted at most: when full, the counts start again (names given stay). */
const MAX_COUNTED = 2000;

const uses = new Map<string, number>();
const names = new Map<string, string>();

/** The name a statement goes by, or undefined while it is not (yet) a hot one. */
export function hotStatementName(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  const seen = uses.get(text);
  if (seen === undefined) {
    if (uses.size >= MAX_COUNTED) uses.clear();
    uses.set(text, 1);
    return undefined;
  }
  if (seen + 1 < HOT_AFTER || names.size >= MAX_HOT) {
    uses.set(text, seen + 1);
    return undefined;
  }
  const name = `hot_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  uses.delete(text);
  return name;
}

type QueryConfig = { text?: unknown; values?: unknown[]; name?: unknown };

/** Makes `client` send its hot statements by name (db/client.ts calls it for each new connection). */
export function prepareHotStatements(client: pg.Client): void {
  // The prototype's query, looked up on each call (so a test's spy on pg.Client.prototype sees it).
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config, values] = args;
    // drizzle passes the values beside the config (node-postgres merges them), a pool in it.
    const given = (config as QueryConfig | null)?.values ?? values;
    if (
      config !== null &&
      typeof config === 'object' &&
      // A submittable (a Query or cursor object) goes as it is.
      typeof (config as { submit?: unknown }).submit !== 'function' &&
      typeof (config as QueryConfig).text === 'string' &&
      (config as QueryConfig).name === undefined &&
      Array.isArray(given) &&
      given.length > 0
    ) {
      const name = hotStatementName((config as QueryConfig).text as string);
      if (name) args[0] = { ...(config as object), name };
    }
    return proto.query.apply(client, args);
  };
}
