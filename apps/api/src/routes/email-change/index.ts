import { emailChangeAnswerSchema, emailChangeTokenSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelEmailChange, confirmEmailChange } from '../../modules/users/email-change-requests.ts';

const tokenBody = z.object({
  data: z.object({ type: z.literal('email-change').optional(), attributes: emailChangeTokenSchema }),
});

/**
 * The two links of an e-mail change asked for by someone else (docs/adr/0018-pending-email-changes.md):
 * the new address confirms it, the old one cancels it (or sets it back). The token is the key: no
 * session is needed, as with a password reset link. The web app's /email-change/{confirm,cancel} pages
 * call these.
 */
const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

  app.post(
    '/email-change/confirm',
    {
      schema: {
        tags: ['user'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Confirm a new e-mail address (the link mailed to it)',
        body: tokenBody,
        response: { 200: emailChangeAnswerSchema },
      },
      config: limits,
    },
    async (request) => {
      const { state } = await confirmEmailChange(
        app.db,
        request.body.data.attributes.token,
        app.config.now(),
      );
      return { data: null, meta: { state } };
    },
  );

  app.post(
    '/email-change/cancel',
    {
      schema: {
        tags: ['user'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Cancel an e-mail change, or set the address back (the link mailed to the old address)',
        body: tokenBody,
        response: { 200: emailChangeAnswerSchema },
      },
      config: limits,
    },
    async (request) => {
      const { state } = await cancelEmailChange(app.db, request.body.data.attributes.token, app.config.now());
      return { data: null, meta: { state } };
    },
  );
};

export default emailChangeRoutes;
