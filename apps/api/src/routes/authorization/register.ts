import { invitedSignUpSchema, invitedUserDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { registerInvitedUser } from '../../modules/invitations/register-invited.ts';
import { getUserDocument } from '../../modules/users/get-user.ts';

const registerBody = z.object({
  data: z.object({ type: z.literal('user').optional(), attributes: invitedSignUpSchema }),
});

/** Invited sign-up (docs/product.md §A5): the invitations themselves are routes/invitation/. */
const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authorization/register',
    {
      // The optional avatar travels inline (PNG, JPEG or GIF up to 2 MB, base64).
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags: ['authorization'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Sign up through an invitation (always a client)',
        body: registerBody,
        response: { 201: invitedUserDocumentSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      // Invited sign-up is for visitors who are not signed in (docs/product.md §A5): a signed-in user cannot
      // spend someone's invitation on a second account, nor be switched into one.
      if (request.actor)
        throw new AppError('conflict', {
          title: 'You are already signed in. Sign out to accept this invitation',
        });
      const { userId, projectId } = await registerInvitedUser(
        app.db,
        request.body.data.attributes,
        app.config.now(),
      );
      const document = await getUserDocument(app.db, userId, [], { hideContacts: false, self: true });
      return reply
        .status(201)
        .send(asDocument(invitedUserDocumentSchema, { ...document, meta: { 'project-id': projectId } }));
    },
  );
};

export default registerRoutes;
