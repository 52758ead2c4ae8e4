import { adminCreateTeamSchema, adminRelationshipsSchema, teamCreatedDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { createTeam } from '../../modules/admin-forms/create-team.ts';

const createBody = z.object({
  data: z.object({
    type: z.literal('team').optional(),
    attributes: adminCreateTeamSchema,
    relationships: adminRelationshipsSchema,
  }),
});

const teamCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/team/create',
    {
      schema: {
        tags: ['team'],
        summary: 'Create a team (admin-level)',
        body: createBody,
        response: { 201: teamCreatedDocumentSchema },
      },
    },
    async (request, reply) => {
      app.authorize(request, 'admin:access');
      const { attributes } = request.body.data;
      const { id } = await createTeam(app.db, request.body.data);
      return reply.code(201).send(
        asDocument(teamCreatedDocumentSchema, {
          data: {
            type: 'team',
            id: String(id),
            attributes: {
              title: attributes.title,
              'punch-line': attributes['punch-line'],
              avatar: attributes.avatar || null,
            },
          },
        }),
      );
    },
  );
};

export default teamCreateRoutes;
