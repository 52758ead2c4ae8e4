import { mayReadContacts, ROLES, usersByRoleDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { usersByRole } from '../../modules/admin-lists/user-search.ts';

/** The active users of one role, for the team pickers (staff). */
const userByRoleRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default userByRoleRoutes;
