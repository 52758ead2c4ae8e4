// The auth hook's pipelined connection (docs/adr/0038-pipelined-session-reads.md): many statements in
// flight on one connection, each answered with its own rows; a failure stays with its statement; a
// dropped connection is opened again, and so is one whose link goes silent without closing.
import net from 'node:net';
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

/**
 * A TCP relay to the test database whose open links can be made to go silent: bytes stop flowing both
 * ways while both sockets stay open, as after a failover or a dropped route, where no FIN or RST arrives.
 * Links opened after that relay normally.
 */
async function silenceableRelay(url: string) {
  const target = new URL(url);
  // The embedded server listens on a unix socket only: `?host=<folder>&port=<n>`.
  const socketDir = target.searchParams.get('host');
  const port = target.searchParams.get('port') ?? (target.port || '5432');
  const connectToServer = () =>
    socketDir?.startsWith('/')
      ? net.connect(`${socketDir}/.s.PGSQL.${port}`)
      : net.connect(Number(port), target.hostname);
  const links: net.Socket[] = [];
  const server = net.createServer((inbound) => {
    const outbound = connectToServer();
    links.push(inbound, outbound);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', drop);
    outbound.on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(url);
  relayed.searchParams.delete('host');
  relayed.searchParams.delete('port');
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    silenceOpenLinks() {
      for (const socket of links) {
        socket.unpipe();
        socket.pause();
      }
    },
    close() {
      for (const socket of links) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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

  it('fails the statements in flight when its link goes silent, and the next statement opens a new link', async () => {
    const relay = await silenceableRelay(t.database.url);
    const warnings: string[] = [];
    const reads = new PipelinedReads(relay.url, (message) => warnings.push(message), { readTimeoutMs: 500 });
    try {
      const first = (await reads.query<{ pid: number }>(numbered(1))).rows[0]!.pid;
      relay.silenceOpenLinks();
      const started = Date.now();
      const stalled = await Promise.allSettled([reads.query(numbered(2)), reads.query(numbered(3))]);
      expect(stalled.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(Date.now() - started).toBeLessThan(3_000);
      const next = (await reads.query<{ pid: number; n: number }>(numbered(4))).rows[0]!;
      expect(next.n).toBe(4);
      expect(next.pid).not.toBe(first);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/no answer in 500 ms/);
    } finally {
      await reads.close();
      await relay.close();
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
    // A backend whose client has closed leaves pg_stat_activity a moment after the close is answered:
    // the other tests' connections may still be listed.
    const pipelined = async () =>
      (
        await t.database.pool.query<{ pid: number }>(
          'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
          [PIPELINED_APPLICATION_NAME],
        )
      ).rows;
    await expect.poll(pipelined, { timeout: 10_000 }).toHaveLength(1);
    const [app] = await pipelined();
    await terminate(app!.pid);
    await expect.poll(async () => (await check()).statusCode).toBe(200);
  });
});
