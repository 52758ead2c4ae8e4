import { Readable } from 'node:stream';
import { fileDocumentSchema, fileWithDataDocumentSchema, idField, mediaAnswerSchema } from '@dd/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { ByteBudget } from '../../lib/byte-budget.ts';
import { asDocument, documentOf, JSON_API } from '../../lib/jsonapi/document.ts';
import { presentFileMeta } from '../../modules/files/file-presenter.ts';
import { dataUrlDocument } from '../../modules/files/file-read.ts';
import {
  beginUpload,
  discardUpload,
  MAX_UPLOADS_IN_FLIGHT,
  readChunks,
} from '../../modules/files/file-store.ts';
import { deleteProjectFile, loadFileMeta, storeProjectFile } from '../../modules/files/project-files.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import uploadStreamRoutes from './upload-stream.ts';

const idParams = z.object({ id: idField });
const fileParams = z.object({
  id: idField,
  fileId: idField,
});
const uploadBody = z.object({
  data: z.object({
    type: z.literal('file'),
    attributes: z.object({
      title: z.string({ error: 'File title is required' }).trim().min(1, 'File title is required').max(255),
      data: z.string({ error: 'File data is required' }).min(1, 'File data is required'),
    }),
  }),
});

/** Base64 of 25,000,000 bytes is 33,333,336 characters; the body limit leaves room for the envelope. */
const UPLOAD_BODY_LIMIT = 34 * 1024 * 1024;

/** `filename*` per RFC 6266/5987 with an ASCII fallback, so any file name is safe in the header. */
function contentDisposition(title: string): string {
  const ascii = title.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(title)}`;
}

/** Project specification files (client spec §2, §5, §7). */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadStreamRoutes);

  // The spec's route reads a body of up to 34 MB: who may attach, and a free upload slot, are settled
  // before it is read, so a refused upload costs no memory and at most 3 per user are in flight.
  const slots = new WeakMap<FastifyRequest, number>();
  // A JSON body is held whole while it is parsed and decoded (several times its size for a moment), so
  // the process reads one at most-sized body at a time: the others wait, unread, in line (their bytes stay
  // in the socket), and memory stays bounded however many arrive at once. Past 64 waiting: 429.
  const bodies = new ByteBudget({
    capacity: UPLOAD_BODY_LIMIT,
    maxWaiting: 64,
    maxWaitingPerKey: MAX_UPLOADS_IN_FLIGHT,
  });
  const budgets = new WeakMap<FastifyRequest, () => void>();
  const freeSlot = async (request: FastifyRequest) => {
    budgets.get(request)?.();
    const fileId = slots.get(request);
    if (fileId !== undefined) await discardUpload(app.db, fileId);
  };
  /** Waits for the body's bytes to fit in the process's budget (not for a body the limit refuses anyway). */
  const waitForBudget = async (request: FastifyRequest, userId: number) => {
    const length = Number(request.headers['content-length']);
    if (Number.isInteger(length) && length > UPLOAD_BODY_LIMIT) return;
    const gone = new AbortController();
    const leave = () => gone.abort();
    request.raw.once('close', leave);
    const waiting = bodies.acquire(
      Number.isInteger(length) ? length : UPLOAD_BODY_LIMIT,
      String(userId),
      gone.signal,
    );
    if (!waiting) {
      request.raw.off('close', leave);
      throw new AppError('too_many_requests', {
        title: 'Too many uploads in progress, please try again shortly',
      });
    }
    budgets.set(request, await waiting);
    request.raw.off('close', leave);
  };
  app.post(
    '/project/:id/upload-file',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      preParsing: async (request, _reply, payload) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) return payload; // the params validation answers 400
        const ref = await loadProjectRef(app.db, params.data.id);
        const actor = app.authorize(request, 'project:attach', ref);
        const slot = { projectId: ref.id, title: 'upload', mime: 'application/octet-stream' };
        slots.set(request, await beginUpload(app.db, { ...slot, uploadedById: actor.id }));
        await waitForBudget(request, actor.id);
        return payload;
      },
      // A body that never reached the handler (too large, not JSON, invalid, client gone) frees its slot;
      // after a stored file this finds no unfinished row and does nothing.
      onResponse: freeSlot,
      onRequestAbort: freeSlot,
      schema: {
        tags: ['file'],
        summary: 'Attach a file (data URL, at most 25,000,000 bytes)',
        params: idParams,
        body: uploadBody,
        response: { 201: fileDocumentSchema },
      },
    },
    async (request, reply) => {
      const fileId = slots.get(request);
      if (fileId === undefined) throw notFound('Project');
      const file = await storeProjectFile(app.db, fileId, request.body.data.attributes);
      return reply.status(201).send(asDocument(fileDocumentSchema, documentOf(presentFileMeta(file))));
    },
  );

  app.get(
    '/file/:id',
    {
      schema: {
        tags: ['file'],
        summary: 'One file with its bytes as a data URL',
        params: idParams,
        // Written as a stream by hand (the chunks are encoded as they are read); documented here.
        response: { 200: fileWithDataDocumentSchema },
      },
    },
    async (request, reply) => {
      const file = await loadFileMeta(app.db, request.params.id);
      app.authorize(request, 'file:download', await loadProjectRef(app.db, file.projectId));
      // The document is written as the chunks are read and encoded, never built whole in memory.
      return reply.type(JSON_API).send(Readable.from(dataUrlDocument(app.db, file)) as never);
    },
  );

  app.get(
    '/file/:id/download',
    {
      schema: {
        tags: ['file'],
        summary: 'Download a file as an attachment',
        params: idParams,
        response: {
          200: mediaAnswerSchema({
            mediaType: 'application/octet-stream',
            binary: true,
            description: "The file's bytes, as an attachment",
          }),
        },
      },
    },
    async (request, reply) => {
      const file = await loadFileMeta(app.db, request.params.id);
      app.authorize(request, 'file:download', await loadProjectRef(app.db, file.projectId));
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.title))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(readChunks(app.db, file.id, file.size)) as never);
    },
  );

  app.delete(
    '/project/:id/file/:fileId',
    { schema: { tags: ['file'], summary: 'Remove a file from a project', params: fileParams } },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      app.authorize(request, 'project:delete-attachment', ref);
      await deleteProjectFile(app.db, ref.id, request.params.fileId);
      return reply.status(204).send();
    },
  );
};

export default fileRoutes;
