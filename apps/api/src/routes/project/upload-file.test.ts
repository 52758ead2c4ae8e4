import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

/** The spec's JSON upload, read as bytes (upload-json.ts): the same answers as a parsed body gave. */
let t: TestApp;
let headers: Record<string, string>;
let projectId: number;
beforeAll(async () => {
  t = await buildTestApp();
  headers = (await withSessionAs(t.database.db, 'admin')).headers;
  projectId = (await buildProject(t.database.db)).id;
});
afterAll(() => t.close());

const upload = (data: string, title = 'spec.bin') =>
  t.app.inject({
    method: 'POST',
    url: `/api/project/${projectId}/upload-file`,
    headers: { ...headers, 'content-type': JSON_API },
    payload: `{"data":{"type":"file","attributes":{"data":"${data}","title":"${title}"}}}`,
  });

describe('POST /project/{id}/upload-file', () => {
  it('stores the bytes of a data URL given before the title, read back whole', async () => {
    const bytes = randomBytes(2_000_000);
    const res = await upload(`data:application/pdf;base64,${bytes.toString('base64')}`);
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    const back = await t.app.inject({ url: `/api/file/${id}/download`, headers });
    expect(back.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers as the parser and the schema did for broken input', async () => {
    expect((await upload('data:text/plain;base64,QQ\tQQ')).statusCode).toBe(400);
    const notDataUrl = await upload('data:text/plain;base64,Q!Q=');
    expect(notDataUrl.statusCode).toBe(422);
    expect(firstError(notDataUrl)?.title).toBe('File data is not a data URL');
    const noTitle = await upload('data:text/plain;base64,QUFB', ' ');
    expect(noTitle.statusCode).toBe(422);
    expect(firstError(noTitle)?.title).toBe('File title is required');
    // Escaped: the ordinary parser's path, the same file.
    const escaped = await upload('data:text\\/plain;base64,QUFB');
    expect(escaped.statusCode).toBe(201);
  });
});
