import { idField } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteProjectFile } from '../../../modules/files/project-files.ts';
import { loadProjectRef } from '../../../modules/projects/load-project.ts';

const fileParams = z.object({
  id: idField,
  fileId: idField,
});

/** Remove a project's specification file (docs/product.md §C5, §C7). */
const projectFileRoutes: FastifyPluginAsyncZod = async (app) => {
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

export default projectFileRoutes;
