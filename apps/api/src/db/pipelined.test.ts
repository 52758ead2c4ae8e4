// The auth hook's pipelined connection (docs/adr/0038-pipelined-session-reads.md): many statements in
// flight on one connection, each answered with its own rows; a failure stays with its statement; a
// dropped connection is opened again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSessionAs } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { PIPELINED_APPLICATION_NAME, PipelinedReads } from './pipelined.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const numbered = (n: number) => ({
  name: 'pipelined_test_numbered',
  text: 'select $1::int as n, pg_backend_pid() as pid',
  values: [n],
});

async function terminate(pid: number) {
  // Waits (up to 5 s) until the backend has gone.
  await t.database.pool.query('select pg_terminate_backend($1, 5000)', [pid]);
}

describe('pipelined reads', () => {
  it('answers a hundred concurrent statements on one connection, each with its own rows', async () => {
    const reads = new PipelinedReads(t.database.url);
    try {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, n) => reads.query<{ n: number; pid: number }>(numbered(n))),
      );
      expect(results.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 100 }, (_, n) => n));
      expect(new Set(results.map((r) => r.rows[0]!.pid)).size).toBe(1);
      const settings = await reads.query<{ timeout: string; name: string }>({
        text: "select current_setting('statement_timeout') as timeout, current_setting('application_name') as name",
      });
      expect(settings.rows[0]).toEqual({ timeout: '5s', name: PIPELINED_APPLICATION_NAME });
    } finally {
      await reads.close();
    }
  });

  it('fails a failing statement alone: the ones beside it are answered', async () => {
    const reads = new PipelinedReads(t.database.url);
    try {
      const [before, failing, after] = await Promise.allSettled([
        reads.query<{ n: number }>(numbered(1)),
        reads.query({ text: 'select 1 / $1::int as n', values: [0] }),
        reads.query<{ n: number }>(numbered(2)),
      ]);
      expect(before.status === 'fulfilled' && before.value.rows[0]!.n).toBe(1);
      expect(failing.status === 'rejected' && String(failing.reason)).toMatch(/division by zero/);
      expect(after.status === 'fulfilled' && after.value.rows[0]!.n).toBe(2);
    } finally {
      await reads.close();
    }
  });

  it('opens a new connection after its backend is terminated, and warns once', async () => {
    const warnings: string[] = [];
    const reads = new PipelinedReads(t.database.url, (message) => warnings.push(message));
    try {
      const first = (await reads.query<{ pid: number }>(numbered(1))).rows[0]!.pid;
      await terminate(first);
      await expect
        .poll(() =>
          reads.query<{ pid: number }>(numbered(2)).then(
            (r) => r.rows[0]!.pid,
            () => null,
          ),
        )
        .toSatisfy((pid) => typeof pid === 'number' && pid !== first);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/pipelined connection error/);
    } finally {
      await reads.close();
    }
  });

  it('answers the statements in flight when closed, and refuses new ones', async () => {
    const reads = new PipelinedReads(t.database.url);
    const slow = reads.query<{ n: number }>({ text: 'select pg_sleep(0.2), 7 as n' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await reads.close();
    expect((await slow).rows[0]!.n).toBe(7);
    await expect(reads.query(numbered(1))).rejects.toThrow(/closed/);
  });

  it("the app's sessions are read on it, and survive its backend's end", async () => {
    const { headers } = await withSessionAs(t.database.db, 'developer');
    const check = () => t.app.inject({ method: 'GET', url: '/api/authorization/check', headers });
    expect((await check()).statusCode).toBe(200);
    const { rows } = await t.database.pool.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
      [PIPELINED_APPLICATION_NAME],
    );
    expect(rows).toHaveLength(1);
    await terminate(rows[0]!.pid);
    await expect.poll(async () => (await check()).statusCode).toBe(200);
  });
});
