import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import { fileChunks, projectFiles } from '../../db/schema/index.ts';
import { FILE_CHUNK_SIZE } from '../../modules/files/file-store.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The statements of drizzle/0004_file-chunks.sql that move file_blobs into chunks, as written there. */
function moveStatements(): string[] {
  const text = readFileSync(path.join(migrationsFolder(), '0004_file-chunks.sql'), 'utf8');
  const statements = text.split('--> statement-breakpoint').map((s) => s.trim());
  const moved = statements.filter((s) => /^INSERT INTO "file_chunks"|^DROP TABLE "file_blobs"/m.test(s));
  expect(moved.length).toBe(2);
  return moved.map((s) => s.replace(/^--.*$/gm, '').trim());
}

describe('migration 0004: files stored before it', () => {
  it('move from file_blobs into chunks and download byte-identical', async () => {
    const { db } = t.database;
    // file_blobs as migrations 0000-0002 left it (0004 dropped it from this database).
    await db.execute(
      sql.raw(
        'create table "file_blobs" ("file_id" integer primary key references "project_files"("id") on delete cascade, "data" bytea not null)',
      ),
    );
    const admin = await withSessionAs(db, 'admin');
    const project = await buildProject(db);
    const contents = [
      Buffer.alloc(0),
      Buffer.from('hello'),
      randomBytes(FILE_CHUNK_SIZE),
      randomBytes(FILE_CHUNK_SIZE * 2 + 1),
    ];
    const ids: number[] = [];
    for (const [n, bytes] of contents.entries()) {
      const [file] = await db
        .insert(projectFiles)
        .values({
          projectId: project.id,
          title: `old-${n}.bin`,
          mime: 'application/octet-stream',
          size: bytes.length,
        })
        .returning();
      await db.execute(sql`insert into file_blobs (file_id, data) values (${file!.id}, ${bytes})`);
      ids.push(file!.id);
    }
    for (const statement of moveStatements()) await db.execute(sql.raw(statement));

    const rows = await db
      .select({ fileId: fileChunks.fileId, n: count() })
      .from(fileChunks)
      .where(inArray(fileChunks.fileId, ids))
      .groupBy(fileChunks.fileId)
      .orderBy(fileChunks.fileId);
    expect(rows.map((r) => Number(r.n))).toEqual([1, 1, 3]);
    for (const [n, id] of ids.entries()) {
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/file/${id}/download`,
        headers: { authorization: admin.headers.authorization },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(contents[n]!)).toBe(true);
    }
  });
});
