import { ownProjectListDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { listOwnProjects } from '../../modules/projects/list-own-projects.ts';

/** The signed-in client's projects, for the shell's projects strip (docs/product.md §C2). */
const projectMineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/mine',
    {
      schema: {
        tags: ['project'],
        summary: "The signed-in client's projects, for the shell's projects strip",
        response: { 200: ownProjectListDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'project:list-own');
      const rows = await listOwnProjects(app.db, actor.id);
      return asDocument(
        ownProjectListDocumentSchema,
        documentOf(rows, undefined, { 'page-count': rows.length > 0 ? 1 : 0, total: rows.length }),
      );
    },
  );
};

export default projectMineRoutes;
