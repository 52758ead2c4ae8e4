import { Readable } from 'node:stream';
import { fileWithDataDocumentSchema, idField, mediaAnswerSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_API } from '../../lib/jsonapi/document.ts';
import { dataUrlDocument } from '../../modules/files/file-read.ts';
import { readChunks } from '../../modules/files/file-store.ts';
import { loadFileMeta } from '../../modules/files/project-files.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const idParams = z.object({ id: idField });
/** `filename*` per RFC 6266/5987 with an ASCII fallback, so any file name is safe in the header. */
function contentDisposition(title: string): string {
  const ascii = title.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(title)}`;
}

/** Project specification files (docs/product.md §C2, §C5, §C7): read one; uploads and removal are under routes/project/. */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default fileRoutes;
