import { adminCreateProjectSchema, adminRelationshipsSchema, projectCreatedDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { createProject } from '../../modules/admin-forms/create-project.ts';

const createBody = z.object({
  data: z.object({
    type: z.literal('project').optional(),
    attributes: adminCreateProjectSchema,
    relationships: adminRelationshipsSchema,
  }),
});

/** POST /project/create: the admin New Project form (docs/product.md §A2, §A7). */
const projectCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/project/create',
    {
      schema: {
        tags: ['project'],
        summary: 'Create a project (admin-level)',
        body: createBody,
        response: { 201: projectCreatedDocumentSchema },
      },
    },
    async (request, reply) => {
      app.authorize(request, 'project:create');
      const { id } = await createProject(app.db, request.body.data);
      return reply.code(201).send(
        asDocument(projectCreatedDocumentSchema, {
          data: {
            type: 'project',
            id: String(id),
            attributes: { title: request.body.data.attributes.title },
          },
        }),
      );
    },
  );
};

export default projectCreateRoutes;
