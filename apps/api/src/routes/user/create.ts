import { adminCreateUserSchema, adminRelationshipsSchema, userDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { createUser } from '../../modules/admin-forms/create-user.ts';
import { sendWelcome } from '../../modules/password-reset/request-reset.ts';
import { getUserDocument } from '../../modules/users/get-user.ts';

const createUserBody = z.object({
  data: z.object({
    type: z.literal('user').optional(),
    attributes: adminCreateUserSchema,
    relationships: adminRelationshipsSchema,
  }),
});

/** The admin's create-user form (docs/product.md §A7), next to company/create.ts and team/create.ts. */
const userCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/create',
    {
      schema: {
        tags: ['user'],
        summary: 'Create a user (admin-level)',
        body: createUserBody,
        response: { 201: userDocumentSchema },
      },
    },
    async (request, reply) => {
      const actor = app.authorize(request, 'admin:access');
      const { id } = await createUser(app.db, actor, request.body.data);
      await sendWelcome(
        app.db,
        {
          userId: id,
          now: app.config.now(),
          publicUrl: app.config.publicUrl,
          productName: app.config.productName,
        },
        app.mailer.sendLater,
      );
      const document = await getUserDocument(app.db, id, ['role', 'company', 'tech', 'team'], {
        hideContacts: false,
        self: false,
      });
      return reply.code(201).send(asDocument(userDocumentSchema, document));
    },
  );
};

export default userCreateRoutes;
