import { idField, teamListDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import { deleteTeam, searchTeams, TEAM_LIST_RULES } from '../../modules/admin-lists/team-search.ts';

const listQuery = z.record(z.string(), z.unknown());
const idParams = z.object({ id: idField });

const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/team/search',
    {
      schema: {
        tags: ['team'],
        summary: 'Teams table',
        querystring: listQuery,
        response: { 200: teamListDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'admin:access');
      return asDocument(
        teamListDocumentSchema,
        await searchTeams(app.db, parseListQuery(request.query, TEAM_LIST_RULES, actor)),
      );
    },
  );

  app.delete(
    '/team/:id',
    { schema: { tags: ['team'], summary: 'Delete a team (admin-level)', params: idParams } },
    async (request, reply) => {
      app.authorize(request, 'admin:access');
      await deleteTeam(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default teamRoutes;
