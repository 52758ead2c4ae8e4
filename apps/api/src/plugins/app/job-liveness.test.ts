import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { WorkerLiveness } from './job-liveness.ts';
import { JOB_SCHEMA } from './jobs.ts';

let t: TestApp;
const held: WorkerLiveness[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const liveness of held) await liveness.stop();
  await t.close();
});

/** A job as a worker holds it: locked by `worker`, `lockedSecondsAgo` ago. */
async function lockedJob(worker: string, lockedSecondsAgo: number): Promise<string> {
  const pool = t.database.pool;
  const { rows } = await pool.query<{ id: string }>(
    `select id from ${JOB_SCHEMA}.add_job('liveness-probe', '{}'::json)`,
  );
  const id = rows[0]!.id;
  await pool.query(
    `update ${JOB_SCHEMA}._private_jobs set locked_by = $2,
        locked_at = now() - make_interval(secs => $3), attempts = 1 where id = $1`,
    [id, worker, lockedSecondsAgo],
  );
  return id;
}

const lockOf = async (id: string) =>
  (
    await t.database.pool.query<{ locked_by: string | null }>(
      `select locked_by from ${JOB_SCHEMA}._private_jobs where id = $1`,
      [id],
    )
  ).rows[0]!.locked_by;

describe('jobs of a process that died', () => {
  it('are unlocked to run again; a live worker keeps its job, and so does a job locked just now', async () => {
    const alive = new WorkerLiveness({ connectionString: t.database.url }, () => {});
    held.push(alive);
    await alive.hold('worker-alive');
    const ofAlive = await lockedJob('worker-alive', 60);
    const ofDead = await lockedJob('worker-dead', 60);
    const justLocked = await lockedJob('worker-starting', 0);

    const sweeper = new WorkerLiveness({ connectionString: t.database.url }, () => {});
    expect(await sweeper.sweep(t.database.pool, JOB_SCHEMA)).toEqual(['worker-dead']);
    expect(await lockOf(ofDead)).toBeNull();
    expect(await lockOf(ofAlive)).toBe('worker-alive');
    expect(await lockOf(justLocked)).toBe('worker-starting');

    // The process of 'worker-alive' stops (its connection ends, as when it is killed): its job is freed.
    await alive.stop();
    // The server releases the lock as its backend exits, a moment after the client has gone.
    const freed: string[] = [];
    for (let i = 0; i < 50 && freed.length === 0; i++) {
      freed.push(...(await sweeper.sweep(t.database.pool, JOB_SCHEMA)));
      if (freed.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(freed).toEqual(['worker-alive']);
    expect(await lockOf(ofAlive)).toBeNull();
    await t.database.pool.query(`delete from ${JOB_SCHEMA}._private_jobs where id = any($1::bigint[])`, [
      [ofAlive, ofDead, justLocked],
    ]);
  });
});
