import { can } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { getUserDocument, USER_INCLUDES } from '../../modules/users/get-user.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const includeQuery = z.object({ include: z.string().optional() });

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/:id',
    { schema: { tags: ['user'], summary: 'One user', params: idParams, querystring: includeQuery } },
    async (request) => {
      const actor = app.requireActor(request);
      const { id } = request.params;
      const self = actor.id === id;
      if (!self && !can(actor, 'user:read', { id })) throw forbidden();
      const include = request.query.include ? request.query.include.split(',') : [];
      for (const name of include) {
        if (!(USER_INCLUDES as readonly string[]).includes(name))
          throw new AppError('bad_request', {
            title: `Include '${name}' is not allowed`,
            parameter: 'include',
          });
      }
      return getUserDocument(app.db, id, include, { hideContacts: actor.role === 'readonlyManager', self });
    },
  );
};

export default userRoutes;
