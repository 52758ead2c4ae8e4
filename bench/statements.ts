// What PostgreSQL spent per request of a bench row, from pg_stat_statements (the embedded cluster must
// preload it; `statementSettings` asks for that and for planning time, which a statement planned afresh
// on every request shows only there). Used by `npm run bench` (BENCH_STATEMENTS=1) and `bench:chat`.
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';

/** Settings of an embedded cluster whose statements are counted. */
export const statementSettings = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track_planning': 'on',
};

type Statement = { id: string; calls: number; ms: number; plan: number; query: string };
export type StatementsSnapshot = { calls: number; ms: number; each: Map<string, Statement> };

/** Every statement the servers ran so far (all but pg_stat_statements' own reads). */
export async function statementsSnapshot(db: Pick<Db, 'execute'>): Promise<StatementsSnapshot> {
  await db.execute(sql`create extension if not exists pg_stat_statements`);
  const result = (await db.execute(sql`select queryid::text as id, calls::float8 as calls,
      (total_exec_time + total_plan_time)::float8 as ms, total_plan_time::float8 as plan,
      left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) as query
    from pg_stat_statements where query not like '%pg_stat_statements%'`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const rows: Statement[] = result.rows.map((r) => ({
    id: String(r.id),
    calls: Number(r.calls),
    ms: Number(r.ms),
    plan: Number(r.plan),
    query: String(r.query),
  }));
  return {
    calls: rows.reduce((total, r) => total + r.calls, 0),
    ms: rows.reduce((total, r) => total + r.ms, 0),
    each: new Map(rows.map((r) => [r.id, r])),
  };
}

/** Per request of `requests` between two snapshots: statements, their time, and the top `top` of them. */
export function statementsPerRequest(
  before: StatementsSnapshot,
  after: StatementsSnapshot,
  requests: number,
  top = 8,
): { statements: number; ms: number; lines: string[] } {
  const rows = [...after.each.values()]
    .map((r) => {
      const b = before.each.get(r.id);
      return {
        calls: (r.calls - (b?.calls ?? 0)) / requests,
        ms: (r.ms - (b?.ms ?? 0)) / requests,
        plan: (r.plan - (b?.plan ?? 0)) / requests,
        query: r.query,
      };
    })
    .filter((r) => r.calls > 0.001)
    .sort((a, b) => b.ms - a.ms);
  return {
    statements: (after.calls - before.calls) / requests,
    ms: (after.ms - before.ms) / requests,
    lines: rows
      .slice(0, top)
      .map(
        (r) =>
          `  ${r.calls.toFixed(2)} × ${(r.ms / r.calls).toFixed(3)} ms (planning ${(r.plan / r.calls).toFixed(3)})  ${r.query}`,
      ),
  };
}
