import { forgotPasswordSchema, userPasswordSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attr } from '../../lib/app-error.ts';
import { changeOwnPassword, changePasswordWithToken } from '../../modules/password-reset/change-password.ts';
import { requestPasswordReset } from '../../modules/password-reset/request-reset.ts';
import { findResetToken, invalidResetToken } from '../../modules/password-reset/reset-tokens.ts';
import { getUserDocument } from '../../modules/users/get-user.ts';
import { padToMinimum } from './pad-to-minimum.ts';
import { perEmailLimit } from './rate-limits.ts';

const forgotBody = z.object({
  data: z.object({ type: z.literal('user').optional(), attributes: forgotPasswordSchema }),
});
const resetTokenQuery = z.object({ token: z.string().trim().min(1).max(200) });
const idParams = z.object({ id: z.coerce.number().int().positive() });
// The admin edit-user fields (role, name, timezone, login, email, phone, avatar, relationships) join
// this body when the edit-user screen is built; for now only the password path exists.
const patchUserBody = z.object({
  data: z.object({
    type: z.literal('user').optional(),
    id: z.union([z.string(), z.number()]).optional(),
    attributes: userPasswordSchema.extend({ token: z.string().trim().min(1).max(200).optional() }),
  }),
});

// Known and unknown addresses both answer no sooner than this, so timing does not tell them apart.
const FORGOT_MIN_MS = 300;

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authorization/forgot',
    {
      schema: { tags: ['authorization'], summary: 'Mail a password reset link', body: forgotBody },
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
        summary: 'Check a password reset token',
        querystring: resetTokenQuery,
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const found = await findResetToken(app.db, request.query.token, app.config.now());
      if (!found) throw invalidResetToken({ parameter: 'token' });
      return {
        data: { type: 'reset-token', id: String(found.userId), attributes: { 'user-id': found.userId } },
      };
    },
  );

  app.patch(
    '/user/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Set a new password (reset token or own session)',
        params: idParams,
        body: patchUserBody,
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { id } = request.params;
      const { password, token } = request.body.data.attributes;
      const now = app.config.now();
      if (token) {
        await changePasswordWithToken(app.db, { userId: id, token, password, now });
      } else {
        const actor = app.requireActor(request);
        if (actor.id !== id) throw invalidResetToken({ pointer: attr('token') });
        await changeOwnPassword(app.db, { userId: id, sessionId: actor.sessionId, password, now });
      }
      return getUserDocument(app.db, id, [], { hideContacts: false, self: true });
    },
  );
};

export default passwordRoutes;
