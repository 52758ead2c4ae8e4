import { userListDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_API } from '../../lib/jsonapi/document.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import { searchUsers, USER_LIST_RULES } from '../../modules/admin-lists/user-search.ts';

const listQuery = z.record(z.string(), z.unknown());

const userSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/search',
    {
      schema: {
        tags: ['user'],
        summary: 'Users table (active users only)',
        querystring: listQuery,
        response: { 200: userListDocumentSchema },
      },
    },
    async (request, reply) => {
      const actor = app.authorize(request, 'admin:access');
      const json = await searchUsers(app.db, parseListQuery(request.query, USER_LIST_RULES, actor), {
        // null: no list cache (LIST_CACHE=off), every request reads the database.
        version: app.config.listCache ? request.versions?.['admin-lists'] : null,
      });
      // Already JSON (cached pages); in tests the response check parses it with the schema.
      return reply.type(JSON_API).send(json as never);
    },
  );
};

export default userSearchRoutes;
