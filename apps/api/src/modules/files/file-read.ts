import type { Db } from '../../db/client.ts';
import { documentOf } from '../../lib/jsonapi/document.ts';
import { type FileMeta, presentFileMeta } from './file-presenter.ts';
import { readChunks } from './file-store.ts';

const HOLE = '\u0000file-data\u0000';

/**
 * GET /file/{id}: the JSON:API document with the bytes as a data URL, produced piece by piece: the
 * document around the data, then the base64 of each chunk as it is read (a chunk's last 0-2 bytes wait for
 * the next one so the pieces join into one base64 text). Memory stays at about one chunk.
 */
export async function* dataUrlDocument(db: Db, file: FileMeta): AsyncGenerator<Buffer> {
  const resource = presentFileMeta(file);
  const json = JSON.stringify(
    documentOf({ ...resource, attributes: { ...resource.attributes, data: HOLE } }),
  );
  const [before, after] = json.split(JSON.stringify(HOLE)) as [string, string];
  yield Buffer.from(`${before}${JSON.stringify(`data:${file.mime};base64,`).slice(0, -1)}`);
  let carry = Buffer.alloc(0);
  for await (const chunk of readChunks(db, file.id, file.size)) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 3);
    yield Buffer.from(bytes.subarray(0, whole).toString('base64'));
    carry = Buffer.from(bytes.subarray(whole));
  }
  yield Buffer.from(`${carry.toString('base64')}"${after}`);
}
