import { fileDocumentSchema, idField } from '@dd/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { ByteBudget } from '../../lib/byte-budget.ts';
import { depthGuardedJsonParser } from '../../lib/json-depth.ts';
import { asDocument, documentOf, JSON_API } from '../../lib/jsonapi/document.ts';
import { presentFileMeta } from '../../modules/files/file-presenter.ts';
import { beginUpload, discardUpload, MAX_UPLOADS_IN_FLIGHT } from '../../modules/files/file-store.ts';
import { findDataUrlValue } from '../../modules/files/json-data-url.ts';
import { storeProjectFile, storeProjectFileBytes } from '../../modules/files/project-files.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const idParams = z.object({ id: idField });
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
/** Stands in for the data URL in the parsed body the schema checks (the bytes are kept aside). */
const PLACEHOLDER = Buffer.from('data:,');

/**
 * POST /project/{id}/upload-file, the product's upload: a JSON:API document whose `data` attribute is the
 * file as a data URL (docs/adr/0008-streamed-files.md). Same call and answers as always; in this scope
 * alone a JSON body is read as bytes, and a plain data URL in it is found, checked and decoded slice by
 * slice from those bytes (modules/files/json-data-url.ts) instead of becoming a 33 MB string, copied
 * again by the parser and the checks. Any other body is parsed as everywhere else.
 */
const uploadJsonRoutes: FastifyPluginAsyncZod = async (app) => {
  const parseJson = depthGuardedJsonParser(app);
  const dataUrls = new WeakMap<FastifyRequest, Buffer>();
  app.removeContentTypeParser(['application/json', JSON_API]);
  const parseBody = (
    request: FastifyRequest,
    body: Buffer,
    done: (error: Error | null, body?: unknown) => void,
  ) => {
    const found = findDataUrlValue(body);
    if (!found) return parseJson(request, body.toString('utf8'), done);
    dataUrls.set(request, body.subarray(found.start, found.end));
    const rest = Buffer.concat([body.subarray(0, found.start), PLACEHOLDER, body.subarray(found.end)]);
    return parseJson(request, rest.toString('utf8'), done);
  };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseBody);
  app.addContentTypeParser(JSON_API, { parseAs: 'buffer' }, parseBody);

  // The spec's route reads a body of up to 34 MB: who may attach, and a free upload slot, are settled
  // before it is read, so a refused upload costs no memory and at most 3 per user are in flight.
  const slots = new WeakMap<FastifyRequest, number>();
  // A JSON body is held whole while it is read (as bytes: the data URL in it is never made a string), so
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
      const { title, data } = request.body.data.attributes;
      const bytes = dataUrls.get(request);
      const file = bytes
        ? await storeProjectFileBytes(app.db, fileId, { title, data: bytes })
        : await storeProjectFile(app.db, fileId, { title, data });
      return reply.status(201).send(asDocument(fileDocumentSchema, documentOf(presentFileMeta(file))));
    },
  );
};

export default uploadJsonRoutes;
