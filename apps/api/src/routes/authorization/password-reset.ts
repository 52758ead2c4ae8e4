import { forgotDocumentSchema, forgotPasswordSchema, resetTokenDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { requestPasswordReset } from '../../modules/password-reset/request-reset.ts';
import { findResetToken, invalidResetToken } from '../../modules/password-reset/reset-tokens.ts';
import { padToMinimum } from './pad-to-minimum.ts';
import { perEmailLimit } from './rate-limits.ts';

const forgotBody = z.object({
  data: z.object({ type: z.literal('user').optional(), attributes: forgotPasswordSchema }),
});
const resetTokenQuery = z.object({ token: z.string().trim().min(1).max(200) });
// PATCH /user/{id} (a new password with a reset token or the own session) lives in routes/user, which
// also serves the admin's edit-user form on the same path.

// Known and unknown addresses both answer no sooner than this, so timing does not tell them apart.
const FORGOT_MIN_MS = 300;

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authorization/forgot',
    {
      schema: {
        tags: ['authorization'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Mail a password reset link',
        body: forgotBody,
        response: { 200: forgotDocumentSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      preHandler: perEmailLimit(app, { name: 'forgot', max: 5, timeWindow: '15 minutes' }),
    },
    async (request, reply) => {
      const { email, redirect_url } = request.body.data.attributes;
      await padToMinimum(FORGOT_MIN_MS, () =>
        requestPasswordReset(
          app.db,
          {
            email,
            redirectUrl: redirect_url,
            now: app.config.now(),
            publicUrl: app.config.publicUrl,
            productName: app.config.productName,
          },
          app.mailer.sendLater,
        ),
      );
      return reply.status(200).send({ data: null, meta: { sent: true } });
    },
  );

  app.get(
    '/authorization/reset-token',
    {
      schema: {
        tags: ['authorization'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Check a password reset token',
        response: { 200: resetTokenDocumentSchema },
        querystring: resetTokenQuery,
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const found = await findResetToken(app.db, request.query.token, app.config.now());
      if (!found) throw invalidResetToken({ parameter: 'token' });
      return asDocument(resetTokenDocumentSchema, {
        data: { type: 'reset-token', id: String(found.userId), attributes: { 'user-id': found.userId } },
      });
    },
  );
};

export default passwordRoutes;
