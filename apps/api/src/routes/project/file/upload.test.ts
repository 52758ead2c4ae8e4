import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_FILE_SIZE, ROLES } from '@dd/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks, projectFiles } from '../../../db/schema/index.ts';
import { FILE_CHUNK_SIZE, TOO_MANY_UPLOADS } from '../../../modules/files/file-store.ts';
import { buildProject, withSessionAs } from '../../../test/factories.ts';
import { buildTestApp, firstError, type TestApp } from '../../../test/test-app.ts';

/** POST /project/{id}/file/upload: the web app's streamed upload (docs/product.md §D3). */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const url = (projectId: number) => `/api/project/${projectId}/file/upload`;

async function ownerWithProject() {
  const { db } = t.database;
  const client = await withSessionAs(db, 'client');
  const project = await buildProject(db, { ownerId: client.user.id });
  return { ...client, project, authorization: client.headers.authorization };
}

const uploadHeaders = (authorization: string, name = 'spec.pdf') => ({
  authorization,
  'content-type': 'application/octet-stream',
  'x-file-name': encodeURIComponent(name),
});

/** Uploads in flight (leased, unfinished) of a user, as the database counts them. */
async function inFlight(userId: number) {
  return t.database.db
    .select({ id: projectFiles.id })
    .from(projectFiles)
    .where(and(eq(projectFiles.uploadedById, userId), isNotNull(projectFiles.uploadLeaseUntil)));
}

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

type Answer = { status: number; body: string };

/** A real HTTP upload whose body the test writes piece by piece (chunked: no Content-Length). */
function openUpload(projectId: number, headers: Record<string, string>) {
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: url(projectId), headers });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
  });
  answer.catch(() => {});
  return { req, answer };
}

describe('streamed upload', () => {
  it('stores a file in chunks and downloads it byte-identical, as an attachment and as a data URL', async () => {
    const { authorization, project, user } = await ownerWithProject();
    const bytes = randomBytes(FILE_CHUNK_SIZE * 3 + 12_345);
    const res = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: { ...uploadHeaders(authorization, 'Plan ü <v2>.pdf'), 'x-file-type': 'application/pdf' },
      payload: bytes,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe('application/vnd.api+json');
    const file = res.json().data;
    expect(file).toMatchObject({
      type: 'file',
      attributes: { title: 'Plan ü <v2>.pdf', size: bytes.length, mime: 'application/pdf' },
    });
    const chunks = await t.database.db
      .select({ seq: fileChunks.seq, size: sql<number>`length(${fileChunks.data})` })
      .from(fileChunks)
      .where(eq(fileChunks.fileId, Number(file.id)))
      .orderBy(fileChunks.seq);
    expect(chunks.map((c) => Number(c.size))).toEqual([
      FILE_CHUNK_SIZE,
      FILE_CHUNK_SIZE,
      FILE_CHUNK_SIZE,
      12_345,
    ]);
    expect(await inFlight(user.id)).toEqual([]);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/file/${file.id}/download`,
      headers: { authorization },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Plan _ <v2>.pdf"; filename*=UTF-8''${encodeURIComponent('Plan ü <v2>.pdf')}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(bytes)).toBe(true);

    const asData = await t.app.inject({
      method: 'GET',
      url: `/api/file/${file.id}`,
      headers: { authorization },
    });
    expect(asData.statusCode).toBe(200);
    expect(asData.headers['content-type']).toBe('application/vnd.api+json');
    // JSON:API 1.0: the id beside the attributes, never inside them.
    expect(asData.json().data.id).toBe(String(file.id));
    expect(asData.json().data.attributes).toEqual({
      title: 'Plan ü <v2>.pdf',
      size: bytes.length,
      mime: 'application/pdf',
      'relationship-created': expect.any(String),
      data: `data:application/pdf;base64,${bytes.toString('base64')}`,
    });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=file`,
      headers: { authorization },
    });
    expect(read.json().included.map((r: { id: string }) => r.id)).toEqual([file.id]);
  });

  it('stores the same bytes for a JSON data-URL upload, decoded into chunks', async () => {
    const { authorization, project } = await ownerWithProject();
    const bytes = randomBytes(FILE_CHUNK_SIZE + 7);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/upload-file`,
      headers: { authorization, 'content-type': 'application/vnd.api+json' },
      payload: {
        data: {
          type: 'file',
          attributes: { title: 'a.bin', data: `data:application/zip;base64,${bytes.toString('base64')}` },
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const chunks = await t.database.db
      .select()
      .from(fileChunks)
      .where(eq(fileChunks.fileId, Number(id)));
    expect(chunks.length).toBe(2);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/file/${id}/download`,
      headers: { authorization },
    });
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts an empty file and refuses a missing name, another content type and a bad type header', async () => {
    const { authorization, project } = await ownerWithProject();
    const empty = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: uploadHeaders(authorization, 'empty.txt'),
      payload: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().data.attributes.size).toBe(0);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/file/${empty.json().data.id}/download`,
      headers: { authorization },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(0);

    const unnamed = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: { authorization, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('x'),
    });
    expect(unnamed.statusCode).toBe(400);
    expect(firstError(unnamed)).toMatchObject({
      title: 'File title is required',
      source: { parameter: 'X-File-Name' },
    });
    const json = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: { ...uploadHeaders(authorization), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    const badType = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: { ...uploadHeaders(authorization), 'x-file-type': 'text/html; charset=utf-8' },
      payload: Buffer.from('x'),
    });
    expect(badType.statusCode).toBe(400);
    expect(firstError(badType)?.title).toBe('Unknown file type');
  });

  it("refuses an announced size over 25,000,000 bytes with 413 'Maximum size 25mb' before reading it", async () => {
    const { authorization, project, user } = await ownerWithProject();
    const res = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: uploadHeaders(authorization),
      payload: Buffer.alloc(MAX_FILE_SIZE + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(firstError(res)?.title).toBe('Maximum size 25mb');
    expect(await inFlight(user.id)).toEqual([]);
  });

  it('cuts off a chunked upload as it passes 25,000,000 bytes, keeps nothing and frees the slot', async () => {
    const { authorization, project, user } = await ownerWithProject();
    const upload = openUpload(project.id, uploadHeaders(authorization, 'huge.bin'));
    const piece = Buffer.alloc(1_000_000, 1);
    let written = 0;
    let stopped = false;
    upload.req.on('error', () => {
      stopped = true;
    });
    upload.answer.then(() => {
      stopped = true;
    });
    // Keep sending (up to 40 MB) until the server answers; it must answer near the 25 MB mark.
    while (!stopped && written < 40_000_000) {
      if (!upload.req.write(piece)) await new Promise((r) => upload.req.once('drain', r).once('close', r));
      written += piece.length;
    }
    const answer = await upload.answer;
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).errors[0].title).toBe('Maximum size 25mb');
    upload.req.destroy();
    await until(async () => (await inFlight(user.id)).length === 0, 'the slot to be freed');
    const files = await t.database.db
      .select()
      .from(projectFiles)
      .where(eq(projectFiles.projectId, project.id));
    expect(files).toEqual([]);
  }, 60_000);

  it('lets a user have 3 uploads in flight; the 4th gets 429, and a finished one frees its slot', async () => {
    const { authorization, project, user } = await ownerWithProject();
    const open = [1, 2, 3].map((n) => openUpload(project.id, uploadHeaders(authorization, `part-${n}.bin`)));
    for (const o of open) o.req.write(Buffer.alloc(1000, 2));
    await until(async () => (await inFlight(user.id)).length === 3, 'three uploads in flight');

    const fourth = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: uploadHeaders(authorization, 'part-4.bin'),
      payload: Buffer.from('four'),
    });
    expect(fourth.statusCode).toBe(429);
    expect(firstError(fourth)?.title).toBe(TOO_MANY_UPLOADS);
    expect(TOO_MANY_UPLOADS).toBe('Too many uploads in progress, wait for one to finish');
    // The JSON path shares the same slots.
    const fourthJson = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/upload-file`,
      headers: { authorization, 'content-type': 'application/vnd.api+json' },
      payload: {
        data: { type: 'file', attributes: { title: 'a.txt', data: 'data:text/plain;base64,aGk=' } },
      },
    });
    expect(fourthJson.statusCode).toBe(429);
    // ...and refuses before reading the body: even one that is not JSON gets 429, not 400.
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/upload-file`,
      headers: { authorization, 'content-type': 'application/vnd.api+json' },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(429);
    // Another user is not held back.
    const other = await withSessionAs(t.database.db, 'admin');
    const otherUpload = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: uploadHeaders(other.headers.authorization),
      payload: Buffer.from('other'),
    });
    expect(otherUpload.statusCode).toBe(201);
    // Uploads in flight are not files yet.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=file`,
      headers: { authorization },
    });
    expect(read.json().included.map((r: { attributes: { title: string } }) => r.attributes.title)).toEqual([
      'spec.pdf',
    ]);

    open[0]!.req.end(Buffer.alloc(1000, 2));
    expect((await open[0]!.answer).status).toBe(201);
    const fifth = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: uploadHeaders(authorization, 'part-5.bin'),
      payload: Buffer.from('five'),
    });
    expect(fifth.statusCode).toBe(201);
    for (const o of open.slice(1)) o.req.end();
    expect((await Promise.all(open.slice(1).map((o) => o.answer))).map((a) => a.status)).toEqual([201, 201]);
    expect(await inFlight(user.id)).toEqual([]);
  }, 30_000);

  it('frees the JSON route slot when its body never reaches the handler', async () => {
    const { authorization, project, user } = await ownerWithProject();
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/upload-file`,
      headers: { authorization, 'content-type': 'application/vnd.api+json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
    const invalid = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/upload-file`,
      headers: { authorization, 'content-type': 'application/vnd.api+json' },
      payload: { data: { type: 'file', attributes: { title: ' ', data: 'data:,x' } } },
    });
    expect(invalid.statusCode).toBe(422);
    await until(async () => (await inFlight(user.id)).length === 0, 'the slots to be freed');
    const files = await t.database.db
      .select()
      .from(projectFiles)
      .where(eq(projectFiles.projectId, project.id));
    expect(files).toEqual([]);
  });

  it('removes the partial file and frees the slot when the client goes away mid-upload', async () => {
    const { authorization, project, user } = await ownerWithProject();
    const upload = openUpload(project.id, uploadHeaders(authorization, 'cancelled.bin'));
    upload.req.write(Buffer.alloc(FILE_CHUNK_SIZE * 2, 3));
    await until(async () => {
      const [row] = await inFlight(user.id);
      if (!row) return false;
      const chunks = await t.database.db
        .select({ seq: fileChunks.seq })
        .from(fileChunks)
        .where(eq(fileChunks.fileId, row.id));
      return chunks.length >= 1;
    }, 'chunks of the upload in flight');
    const [row] = await inFlight(user.id);
    upload.req.destroy();
    await until(async () => (await inFlight(user.id)).length === 0, 'the slot to be freed');
    expect(await t.database.db.select().from(fileChunks).where(eq(fileChunks.fileId, row!.id))).toEqual([]);
    expect(
      await t.database.db.select().from(projectFiles).where(eq(projectFiles.projectId, project.id)),
    ).toEqual([]);
  });

  it('answers 409 and keeps nothing when a stalled upload lost its lease and was swept', async () => {
    const { authorization, project, user } = await ownerWithProject();
    const { db } = t.database;
    const upload = openUpload(project.id, uploadHeaders(authorization, 'stalled.bin'));
    upload.req.write(Buffer.alloc(FILE_CHUNK_SIZE + 1, 4));
    await until(async () => {
      const [row] = await inFlight(user.id);
      if (!row) return false;
      return (await db.select().from(fileChunks).where(eq(fileChunks.fileId, row.id))).length === 1;
    }, 'the first chunk');
    // The client went quiet past its lease; another upload sweeps the expired row.
    await db
      .update(projectFiles)
      .set({ uploadLeaseUntil: sql`now() - interval '1 second'` })
      .where(eq(projectFiles.uploadedById, user.id));
    const other = await withSessionAs(db, 'admin');
    const sweep = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: uploadHeaders(other.headers.authorization, 'sweeper.bin'),
      payload: Buffer.from('x'),
    });
    expect(sweep.statusCode).toBe(201);
    upload.req.end(Buffer.alloc(FILE_CHUNK_SIZE, 4));
    const answer = await upload.answer;
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.body).errors[0].title).toBe('The upload took too long, please try again');
    expect(await inFlight(user.id)).toEqual([]);
    const titles = await db
      .select({ title: projectFiles.title })
      .from(projectFiles)
      .where(eq(projectFiles.projectId, project.id));
    expect(titles).toEqual([{ title: 'sweeper.bin' }]);
  });

  it('frees the slots of a crashed process once their lease runs out, and sweeps their chunks', async () => {
    const { authorization, project, user } = await ownerWithProject();
    const { db } = t.database;
    const stale = await db
      .insert(projectFiles)
      .values(
        [1, 2, 3].map((n) => ({
          projectId: project.id,
          title: `stale-${n}.bin`,
          mime: 'application/octet-stream',
          size: 0,
          uploadedById: user.id,
          uploadLeaseUntil: sql`now() - interval '1 second'`,
        })),
      )
      .returning({ id: projectFiles.id });
    await db.insert(fileChunks).values({ fileId: stale[0]!.id, seq: 0, data: Buffer.from('partial') });
    const res = await t.app.inject({
      method: 'POST',
      url: url(project.id),
      headers: uploadHeaders(authorization, 'fresh.bin'),
      payload: Buffer.from('fresh'),
    });
    expect(res.statusCode).toBe(201);
    const left = await db
      .select({ title: projectFiles.title })
      .from(projectFiles)
      .where(eq(projectFiles.projectId, project.id));
    expect(left).toEqual([{ title: 'fresh.bin' }]);
    expect(await db.select().from(fileChunks).where(eq(fileChunks.fileId, stale[0]!.id))).toEqual([]);
  });
});

describe.each(ROLES.flatMap((role) => [[role, true] as const, [role, false] as const]))(
  'streamed upload as %s (owner: %s)',
  (role, owner) => {
    // As the JSON path (project-page-permissions.test.ts): any owner, or superAdmin and admin.
    const allowed = owner || role === 'superAdmin' || role === 'admin';
    it(allowed ? 'attaches the file' : 'is refused and stores nothing', async () => {
      const { db } = t.database;
      const { user, headers } = await withSessionAs(db, role);
      const project = await buildProject(db, owner ? { ownerId: user.id } : {});
      const res = await t.app.inject({
        method: 'POST',
        url: url(project.id),
        headers: uploadHeaders(headers.authorization),
        payload: Buffer.from('hello'),
      });
      expect(res.statusCode).toBe(allowed ? 201 : 403);
      const files = await db.select().from(projectFiles).where(eq(projectFiles.projectId, project.id));
      expect(files.length).toBe(allowed ? 1 : 0);
    });
  },
);
