import {
  idField,
  mayReadContacts,
  ROLES,
  userListDocumentSchema,
  usersByRoleDocumentSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, JSON_API } from '../../lib/jsonapi/document.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import { deactivateUser } from '../../modules/admin-lists/deactivate-user.ts';
import { searchUsers, USER_LIST_RULES, usersByRole } from '../../modules/admin-lists/user-search.ts';

const listQuery = z.record(z.string(), z.unknown());
const idParams = z.object({ id: idField });

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

  app.get(
    '/user/by-role',
    {
      schema: {
        tags: ['user'],
        summary: 'Active users of one role, for pickers (staff only)',
        querystring: z.object({ role: z.enum(ROLES) }),
        response: { 200: usersByRoleDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'project:list');
      return asDocument(
        usersByRoleDocumentSchema,
        await usersByRole(app.db, request.query.role, { hideContacts: !mayReadContacts(actor) }),
      );
    },
  );

  app.delete(
    '/user/:id',
    { schema: { tags: ['user'], summary: 'Deactivate a user (admin-level)', params: idParams } },
    async (request, reply) => {
      const actor = app.authorize(request, 'admin:access');
      await deactivateUser(app.db, actor, request.params.id, app.config.now());
      return reply.code(204).send();
    },
  );
};

export default userSearchRoutes;
