// Issue 12 §1: after `kill -9` of the app, the next start recovers by itself with nothing lost, whether
// the server was left running (orphaned) or died too (a stale postmaster.pid).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterPaths, embeddedRunning, readPidFile, startEmbeddedPostgres } from './embedded-postgres.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'dd-crash-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const fixture = fileURLToPath(new URL('../test/fixtures/hold-embedded.ts', import.meta.url));

/** Runs the fixture until it has committed its row, then kills it with SIGKILL. */
async function crashAfterWrite(): Promise<void> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`fixture exited early (${code})`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function marks(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from marks')).rows[0]!.n;
  } finally {
    await client.end();
  }
}

// The embedded engine only: the TEST_DB_DRIVER=postgres run tests another server.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
  'the embedded PostgreSQL after kill -9 of the app',
  () => {
    it('adopts the orphaned server, keeps the data, and stops it when released', async () => {
      await crashAfterWrite();
      expect(embeddedRunning(dataDir)).toBe(true); // the orphan
      const server = await startEmbeddedPostgres({ dataDir });
      try {
        expect(server.timings.adopted).toBe(true);
        expect(await marks(server.url())).toBe(1);
      } finally {
        await server.release();
      }
      expect(embeddedRunning(dataDir)).toBe(false);
      expect(readdirSync(clusterPaths(dataDir).users)).toEqual([]);
    });

    it('recovers from a stale postmaster.pid when the server died too', async () => {
      await crashAfterWrite();
      const orphan = readPidFile(clusterPaths(dataDir).cluster)!;
      process.kill(orphan.pid, 'SIGKILL'); // the postmaster dies; its pid file stays behind
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(readPidFile(clusterPaths(dataDir).cluster)?.pid).toBe(orphan.pid);
      const server = await startEmbeddedPostgres({ dataDir });
      try {
        expect(server.timings.adopted).toBe(false);
        expect(await marks(server.url())).toBe(2);
      } finally {
        await server.release();
      }
      expect(embeddedRunning(dataDir)).toBe(false);
    });
  },
);

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres' || userInfo().uid !== 0)('as root', () => {
  it('names the folder the postgres user cannot enter, and starts nothing', async () => {
    const closed = path.join(dataDir, 'closed');
    mkdirSync(closed, { mode: 0o700 });
    chmodSync(closed, 0o700);
    await expect(startEmbeddedPostgres({ dataDir: path.join(closed, 'data') })).rejects.toThrow(
      `that user cannot enter ${closed}, on the way to the data folder (DATA_DIR) (${path.join(closed, 'data')})`,
    );
  });
});
