import { MAX_FILE_SIZE, MESSAGES } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileBlobs, projectFiles } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import { publishEvent } from '../events/publish-event.ts';
import { base64DecodedLength, decodeDataUrl } from './data-url.ts';

/**
 * Stores an attached file: metadata in project_files, bytes in file_blobs, so project queries never
 * read the bytes. Files over 25,000,000 bytes are refused (client spec §5).
 */
export async function storeProjectFile(
  db: Db,
  input: { projectId: number; title: string; data: string; uploadedById: number },
) {
  const announced = base64DecodedLength(input.data);
  if (announced !== null && announced > MAX_FILE_SIZE)
    throw new AppError('unprocessable', { title: MESSAGES.fileTooLarge, pointer: attr('data') });
  const decoded = decodeDataUrl(input.data);
  if (!decoded)
    throw new AppError('unprocessable', { title: 'File data is not a data URL', pointer: attr('data') });
  if (decoded.bytes.length > MAX_FILE_SIZE)
    throw new AppError('unprocessable', { title: MESSAGES.fileTooLarge, pointer: attr('data') });
  return db.transaction(async (tx) => {
    const [file] = await tx
      .insert(projectFiles)
      .values({
        projectId: input.projectId,
        title: input.title,
        mime: decoded.mime,
        size: decoded.bytes.length,
        uploadedById: input.uploadedById,
      })
      .returning();
    await tx.insert(fileBlobs).values({ fileId: file!.id, data: decoded.bytes });
    await publishEvent(tx, { kind: 'file', id: file!.id, projectId: input.projectId });
    return file!;
  });
}

export async function loadFileMeta(db: Db, fileId: number) {
  const [file] = await db.select().from(projectFiles).where(eq(projectFiles.id, fileId)).limit(1);
  if (!file) throw notFound('File');
  return file;
}

export async function loadFileBytes(db: Db, fileId: number): Promise<Buffer> {
  const [blob] = await db.select().from(fileBlobs).where(eq(fileBlobs.fileId, fileId)).limit(1);
  if (!blob) throw notFound('File');
  return blob.data;
}

export async function deleteProjectFile(db: Db, projectId: number, fileId: number) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(projectFiles)
      .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId)))
      .returning({ id: projectFiles.id });
    if (deleted.length === 0) throw notFound('File');
    await publishEvent(tx, { kind: 'file', id: fileId, projectId });
  });
}
