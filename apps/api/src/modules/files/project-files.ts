import { MAX_FILE_SIZE, MESSAGES } from '@dd/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectFiles } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import { publishEvent } from '../events/publish-event.ts';
import { base64DecodedLength, dataUrlSlices } from './data-url.ts';
import { discardUpload, FILE_CHUNK_SIZE, fillUpload, storeFile } from './file-store.ts';
import { base64DataUrlBytes } from './json-data-url.ts';

/**
 * Stores a file sent as a data URL (the product's JSON body) into the upload slot `fileId` taken before the
 * body was read (beginUpload): bytes decoded slice by slice straight into chunks. Files over 25,000,000
 * bytes are refused (docs/product.md §C5); on any refusal the slot is freed.
 */
export async function storeProjectFile(db: Db, fileId: number, input: { title: string; data: string }) {
  const tooLarge = () =>
    new AppError('unprocessable', { title: MESSAGES.fileTooLarge, pointer: attr('data') });
  const announced = base64DecodedLength(input.data);
  const decoded =
    announced !== null && announced > MAX_FILE_SIZE ? null : dataUrlSlices(input.data, FILE_CHUNK_SIZE);
  if (!decoded) {
    await discardUpload(db, fileId);
    if (announced !== null && announced > MAX_FILE_SIZE) throw tooLarge();
    throw new AppError('unprocessable', { title: 'File data is not a data URL', pointer: attr('data') });
  }
  return fillUpload(db, fileId, { title: input.title, mime: decoded.mime }, decoded.slices(), tooLarge);
}

/**
 * As storeProjectFile, for a data URL kept as the request's bytes (modules/files/json-data-url.ts): each
 * slice is checked and decoded only as it is written, never the whole text at once. A data URL that is not
 * plain base64 (percent-encoded, with spaces) takes storeProjectFile's path; the answers are the same.
 */
export async function storeProjectFileBytes(db: Db, fileId: number, input: { title: string; data: Buffer }) {
  const decoded = base64DataUrlBytes(input.data);
  if (!decoded)
    return storeProjectFile(db, fileId, { title: input.title, data: input.data.toString('latin1') });
  if (decoded.size > MAX_FILE_SIZE) {
    await discardUpload(db, fileId);
    throw fileTooLarge();
  }
  const notDataUrl = () =>
    new AppError('unprocessable', { title: 'File data is not a data URL', pointer: attr('data') });
  return fillUpload(
    db,
    fileId,
    { title: input.title, mime: decoded.mime },
    decoded.slices(notDataUrl, () => new AppError('bad_request', { title: 'Malformed request' })),
    fileTooLarge,
  );
}

const fileTooLarge = () =>
  new AppError('unprocessable', { title: MESSAGES.fileTooLarge, pointer: attr('data') });

/**
 * Stores a file streamed as raw bytes (POST /project/{id}/file/upload); the bytes past 25,000,000 are never
 * read: the upload is cut off with 413 'Maximum size 25mb'.
 */
export async function storeProjectFileStream(
  db: Db,
  input: { projectId: number; title: string; mime: string; uploadedById: number },
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
) {
  return storeFile(db, input, source, fileTooLargeToStream);
}

export const fileTooLargeToStream = () => new AppError('payload_too_large', { title: MESSAGES.fileTooLarge });

/** A finished file (an upload in flight is not a file yet). */
export async function loadFileMeta(db: Db, fileId: number) {
  const [file] = await db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.id, fileId), isNull(projectFiles.uploadLeaseUntil)))
    .limit(1);
  if (!file) throw notFound('File');
  return file;
}

export async function deleteProjectFile(db: Db, projectId: number, fileId: number) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(projectFiles)
      .where(
        and(
          eq(projectFiles.id, fileId),
          eq(projectFiles.projectId, projectId),
          isNull(projectFiles.uploadLeaseUntil),
        ),
      )
      .returning({ id: projectFiles.id });
    if (deleted.length === 0) throw notFound('File');
    await publishEvent(tx, { kind: 'file', id: fileId, projectId });
  });
}
