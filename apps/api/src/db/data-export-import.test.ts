import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildFile, buildProject, buildUser } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { cloneTemplate } from '../test/test-database.ts';
import { connect, type Database } from './client.ts';
import { exportData } from './data-export.ts';
import { ImportRefused, importData } from './data-import.ts';
import { allChecksums, usePortableSettings } from './portable-data.ts';

// db:export / db:import between two databases of the run's server (the embedded 18, or TEST_DATABASE_URL's
// on the PostgreSQL leg); e2e/database-move.test.ts moves across versions with the CLIs.
let t: TestApp;
let dir: string;
const targets: Array<{ database: Database; drop: () => Promise<void> }> = [];

async function freshTarget(): Promise<Database> {
  const server = inject('testServer');
  const clone = await cloneTemplate(server!);
  const database = connect(clone.url, server!.driver, { max: 2 });
  targets.push({ database, drop: clone.drop });
  return database;
}

async function checksums(database: Database) {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await usePortableSettings(client);
    return await allChecksums(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'dd-export-test-'));
  const owner = await buildUser(t.database.db, { role: 'client', name: 'Zoë "quoted"\tTab' });
  const project = await buildProject(t.database.db, { ownerId: owner.id, title: 'Line\nbreak \\ back' });
  await buildFile(t.database.db, {
    projectId: project.id,
    uploadedById: owner.id,
    bytes: Buffer.from([0, 10, 92, 13, 255]),
  });
  await t.app.jobs.add('mail', { probe: true }, { runAt: new Date(Date.now() + 3_600_000) });
});
afterAll(async () => {
  for (const target of targets) {
    await target.database.close();
    await target.drop();
  }
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('db:export and db:import', () => {
  it('carry every row, and sequences continue where the source stood', async () => {
    const file = path.join(dir, 'all.export.gz');
    const { tables } = await exportData(t.database, { file });
    expect(tables.find((x) => x.name === 'users')!.rows).toBeGreaterThanOrEqual(2);
    expect(tables.find((x) => x.name === '_private_jobs')!.rows).toBeGreaterThanOrEqual(1);
    const target = await freshTarget();
    await importData(target, { file });
    expect(await checksums(target)).toEqual(await checksums(t.database));
    const next = await buildUser(target.db);
    const sourceNext = await buildUser(t.database.db);
    expect(next.id).toBe(sourceNext.id);
  });

  it('refuses a file whose rows were changed, and loads nothing', async () => {
    const file = path.join(dir, 'tampered.export');
    await exportData(t.database, { file });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Line\\nbreak \\\\ back');
    writeFileSync(file, text.replace('Line\\nbreak \\\\ back', 'Line\\nbroken \\\\ back'));
    const target = await freshTarget();
    await expect(importData(target, { file })).rejects.toThrow(
      new ImportRefused("table public.projects: its rows differ from the export's (checksum)"),
    );
    const { rows } = await target.pool.query('select count(*)::int as n from users');
    expect(rows[0].n).toBe(0);
  });

  it('refuses a file cut short, and a database that holds data', async () => {
    const file = path.join(dir, 'short.export');
    await exportData(t.database, { file, sessions: false });
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.lastIndexOf('-- end ')));
    await expect(importData(await freshTarget(), { file })).rejects.toThrow(/incomplete/);
    await expect(importData(t.database, { file })).rejects.toThrow(/already holds data/);
  });
});
