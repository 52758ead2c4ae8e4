import { mayReadContacts, projectListDocumentSchema, projectListScope } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_API } from '../../lib/jsonapi/document.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import { PROJECT_LIST_RULES, searchProjects } from '../../modules/admin-lists/project-search.ts';

const listQuery = z.record(z.string(), z.unknown());

const projectSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/search',
    {
      schema: {
        tags: ['project'],
        summary: 'Projects table (paged, sorted, filtered)',
        response: { 200: projectListDocumentSchema },
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      const actor = app.authorize(request, 'project:list');
      const query = parseListQuery(request.query, PROJECT_LIST_RULES, actor);
      const json = await searchProjects(app.db, query, projectListScope(actor), {
        hideContacts: !mayReadContacts(actor),
        // null: no list cache (LIST_CACHE=off), every request reads the database.
        version: app.config.listCache ? request.versions?.['admin-lists'] : null,
      });
      // Already JSON (cached pages); in tests the response check parses it with the schema.
      return reply.type(JSON_API).send(json as never);
    },
  );
};

export default projectSearchRoutes;
