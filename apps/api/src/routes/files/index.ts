import { idField } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentOf } from '../../lib/jsonapi/document.ts';
import { toDataUrl } from '../../modules/files/data-url.ts';
import { presentFileMeta } from '../../modules/files/file-presenter.ts';
import {
  deleteProjectFile,
  loadFileBytes,
  loadFileMeta,
  storeProjectFile,
} from '../../modules/files/project-files.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

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
  app.post(
    '/project/:id/upload-file',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['file'],
        summary: 'Attach a file (data URL, at most 25,000,000 bytes)',
        params: idParams,
        body: uploadBody,
      },
    },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:attach', ref);
      const { title, data } = request.body.data.attributes;
      const file = await storeProjectFile(app.db, { projectId: ref.id, title, data, uploadedById: actor.id });
      return reply.status(201).send(documentOf(presentFileMeta(file)));
    },
  );

  app.get(
    '/file/:id',
    { schema: { tags: ['file'], summary: 'One file with its bytes as a data URL', params: idParams } },
    async (request) => {
      const file = await loadFileMeta(app.db, request.params.id);
      app.authorize(request, 'file:download', await loadProjectRef(app.db, file.projectId));
      const bytes = await loadFileBytes(app.db, file.id);
      const resource = presentFileMeta(file);
      return documentOf({
        ...resource,
        attributes: { ...resource.attributes, data: toDataUrl(file.mime, bytes) },
      });
    },
  );

  app.get(
    '/file/:id/download',
    { schema: { tags: ['file'], summary: 'Download a file as an attachment', params: idParams } },
    async (request, reply) => {
      const file = await loadFileMeta(app.db, request.params.id);
      app.authorize(request, 'file:download', await loadProjectRef(app.db, file.projectId));
      const bytes = await loadFileBytes(app.db, file.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.title))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
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
