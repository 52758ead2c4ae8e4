import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { versionedCache } from '../../lib/versioned-cache.ts';
import { type ProjectVersion, projectVersionSql, snapshotSettledSql } from '../projects/load-project.ts';

const MINUTE = 60_000;
const reportCache = versionedCache<string>({ max: 256 });

/**
 * The project's version (projectVersionSql) and whether it was read settled (snapshotSettledSql), when
 * the auth statement did not read them already (projectRefVersionRead): its newest live event. Every
 * write the report reads (tasks, sprints, their history, updates, calls, decisions) publishes a live
 * event for the project inside its own transaction (modules/events/publish-event.ts), so a new id means
 * new data; a pruned one (the replay window, modules/events/event-hub.ts) also changes the version,
 * which only costs a recomputation. Read BEFORE the report's rows, so the rows are never older than the
 * version they are kept under.
 */
export async function projectVersion(db: Db, projectId: number): Promise<ProjectVersion> {
  const result = (await db.execute(
    sql`select ${projectVersionSql(sql`${projectId}::int`)} as v, ${snapshotSettledSql} as settled`,
  )) as unknown as {
    rows: Array<{ v: string; settled: boolean }>;
  };
  const row = result.rows[0];
  return { id: row?.v ?? 'none', settled: row?.settled === true };
}

/**
 * The performance report of a project and period, kept per process while the project's version
 * (above) stays the same (docs/adr/0027-report-and-chat-costs.md). `version`: the one the auth statement
 * read with the session (docs/adr/0032), else it is read here. `from`/`to` are the request's own
 * (`to` 'now' by default); an answer is kept for the minute it was asked in, so what time alone changes
 * (the period's start moving, a booked call's hour passing) shows within a minute, and every write at
 * once. Only a version read settled keeps an answer (snapshotSettledSql).
 */
export async function cachedReport<T>(
  db: Db,
  input: { projectId: number; from: string; to: string; now: Date; version?: ProjectVersion },
  load: () => Promise<T>,
): Promise<T> {
  const version = input.version ?? (await projectVersion(db, input.projectId));
  const minute = Math.floor(input.now.getTime() / MINUTE);
  const key = `${input.projectId}|${input.from}|${input.to}|${minute}`;
  // A version read while a write was in progress answers from what a settled read kept, never keeps.
  return reportCache(db, key, version.id, load, version.settled);
}
