import type { Readable } from 'node:stream';
import { fileDocumentSchema, idField, MAX_FILE_SIZE } from '@dd/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { asDocument, documentOf } from '../../../lib/jsonapi/document.ts';
import { isMimeType } from '../../../modules/files/data-url.ts';
import { presentFileMeta } from '../../../modules/files/file-presenter.ts';
import { fileTooLargeToStream, storeProjectFileStream } from '../../../modules/files/project-files.ts';
import { loadProjectRef } from '../../../modules/projects/load-project.ts';

const OCTET_STREAM = 'application/octet-stream';
const idParams = z.object({ id: idField });
/** `for=chat`: a file sent with a chat message, so whoever may post in the chat may upload it. */
const uploadQuery = z.object({ for: z.literal('chat').optional() });
const uploadHeaders = z.looseObject({
  'x-file-name': z
    .string()
    .describe("The file's name, percent-encoded UTF-8 (encodeURIComponent)")
    .optional(),
  'x-file-type': z
    .string()
    .describe('The file type, e.g. application/pdf (default application/octet-stream)')
    .optional(),
});

const titleRequired = () =>
  new AppError('bad_request', { title: 'File title is required', parameter: 'X-File-Name' });

function fileTitle(header: string | undefined): string {
  let title: string;
  try {
    title = decodeURIComponent(header ?? '').trim();
  } catch {
    throw titleRequired();
  }
  if (!title) throw titleRequired();
  if (title.length > 255)
    throw new AppError('bad_request', { title: 'File title is too long', parameter: 'X-File-Name' });
  return title;
}

function fileType(header: string | undefined): string {
  if (header === undefined || header === '') return OCTET_STREAM;
  if (!isMimeType(header))
    throw new AppError('bad_request', { title: 'Unknown file type', parameter: 'X-File-Type' });
  return header.toLowerCase();
}

/**
 * The request's bytes as they arrive. A client that goes away mid-body ends it with an error (Node destroys
 * the request with 'aborted'); fewer bytes than the announced Content-Length count as interrupted too.
 */
async function* requestBytes(request: FastifyRequest): AsyncGenerator<Buffer> {
  const body = request.body as Readable;
  const announced = Number(request.headers['content-length'] ?? Number.NaN);
  let received = 0;
  // Not destroyed on an early stop: the socket must stay up to carry the error answer.
  for await (const piece of body.iterator({ destroyOnReturn: false })) {
    received += (piece as Buffer).length;
    yield piece as Buffer;
  }
  if (Number.isInteger(announced) && received !== announced)
    throw new AppError('bad_request', { title: 'The upload was interrupted' });
}

/**
 * POST /project/{id}/file/upload: the web app's upload. The body is the file's raw bytes, streamed into the
 * database chunk by chunk and never held whole; same permission, limit and answer as the product's
 * POST /project/{id}/upload-file (docs/adr/0008-streamed-files.md).
 */
const uploadStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this scope only application/octet-stream is accepted, and the body is handed on unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(OCTET_STREAM, (_request, payload, done) => done(null, payload));

  // An answer given before the whole body was read must close the connection: otherwise Node reads and
  // discards the rest (unbounded without a Content-Length) or takes body bytes for the next request.
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete) return;
    const length = Number(request.headers['content-length']);
    const drainable = !request.raw.readableDidRead && Number.isInteger(length) && length <= MAX_FILE_SIZE;
    if (!drainable) reply.header('connection', 'close');
  });

  app.post(
    '/project/:id/file/upload',
    {
      schema: {
        tags: ['file'],
        summary: 'Attach a file streamed as raw bytes (application/octet-stream, at most 25,000,000 bytes)',
        description:
          'The body is the file itself; X-File-Name carries its name. At most 3 uploads per user are in flight at a time (429 for the 4th). Over 25,000,000 bytes the upload is cut off with 413.',
        params: idParams,
        querystring: uploadQuery,
        headers: uploadHeaders,
        response: { 201: fileDocumentSchema },
      },
    },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      // A chat attachment is a project file too (docs/adr/0022-project-chat.md), sent by a chat writer.
      const actor = app.authorize(
        request,
        request.query.for === 'chat' ? 'project:chat-post' : 'project:attach',
        ref,
      );
      const title = fileTitle(request.headers['x-file-name']);
      const mime = fileType(request.headers['x-file-type']);
      if (!request.body)
        throw new AppError('bad_request', { title: 'Send the file as application/octet-stream' });
      if (Number(request.headers['content-length']) > MAX_FILE_SIZE) throw fileTooLargeToStream();
      const file = await storeProjectFileStream(
        app.db,
        { projectId: ref.id, title, mime, uploadedById: actor.id },
        requestBytes(request),
      );
      return reply.status(201).send(asDocument(fileDocumentSchema, documentOf(presentFileMeta(file))));
    },
  );
};

export default uploadStreamRoutes;
