// Issue 12 §6: db:backup while the cluster serves, db:restore brings the data of that moment back.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCluster, restoreCluster } from './backup.ts';
import { embeddedRunning, startEmbeddedPostgres } from './embedded-postgres.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'dd-backup-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, text: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

// The embedded engine only: the TEST_DB_DRIVER=postgres run tests another server.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('db:backup and db:restore', () => {
  it('round-trip: back up while serving, change, restore, see the original', async () => {
    const server = await startEmbeddedPostgres({ dataDir, settings: { fsync: 'off' } });
    const file = path.join(dataDir, 'backups', 'one.tar.gz');
    try {
      await query(server.url(), 'create table notes (id int primary key, body text)');
      await query(
        server.url(),
        "insert into notes select i, 'original ' || i from generate_series(1, 1000) i",
      );
      // The backup joins the running server (a second user of the cluster) and leaves it running.
      const { bytes } = await backupCluster({ dataDir, file });
      expect(bytes).toBeGreaterThan(0);
      expect(embeddedRunning(dataDir)).toBe(true);
      await query(server.url(), "update notes set body = 'changed'");
      await query(server.url(), 'insert into notes values (5000, 1)');
      // Restoring needs the cluster stopped.
      await expect(restoreCluster({ dataDir, file })).rejects.toThrow(/is running/);
    } finally {
      await server.release();
    }
    expect(embeddedRunning(dataDir)).toBe(false);

    const { keptAs } = await restoreCluster({ dataDir, file });
    expect(keptAs).toMatch(/pg\.before-restore-/);
    expect(readdirSync(dataDir)).toContain(path.basename(keptAs!));

    const again = await startEmbeddedPostgres({ dataDir });
    try {
      const rows = await query(
        again.url(),
        "select count(*)::int as n, count(*) filter (where body like 'original %')::int as originals, max(id) as top from notes",
      );
      expect(rows[0]).toEqual({ n: 1000, originals: 1000, top: 1000 });
    } finally {
      await again.release();
    }
  });
});
