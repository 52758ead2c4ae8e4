import { loginDocumentSchema, loginSchema, userDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { verifyLogin } from '../../modules/auth/login.ts';
import { createSession, revokeSession, SESSION_TTL_MS } from '../../modules/auth/sessions.ts';
import { getUserDocument, ownUserGraphRead } from '../../modules/users/get-user.ts';

const loginBody = z.object({
  data: z.object({ type: z.literal('user').optional(), attributes: loginSchema }),
});

const authorizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authorization/login',
    {
      schema: {
        tags: ['authorization'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Sign in with login or e-mail and password',
        response: { 200: loginDocumentSchema },
        body: loginBody,
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { login, password, remember } = request.body.data.attributes;
      const now = app.config.now();
      const { userId } = await verifyLogin(app.db, { login, password, ip: request.ip, now });
      const keep = remember !== '0';
      const { token } = await createSession(app.db, {
        userId,
        remember: keep,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
        now,
      });
      app.setAuthCookie(reply, token, keep ? SESSION_TTL_MS.remember : null);
      return asDocument(loginDocumentSchema, {
        data: { type: 'authorization', id: String(userId), attributes: { token, 'user-id': userId } },
      });
    },
  );

  app.get(
    '/authorization/check',
    {
      schema: {
        tags: ['authorization'],
        summary: 'The signed-in user',
        response: { 200: userDocumentSchema },
      },
      config: { sessionRead: ownUserGraphRead },
    },
    async (request) => {
      const actor = app.requireActor(request);
      return asDocument(
        userDocumentSchema,
        await getUserDocument(
          app.db,
          actor.id,
          ['role'],
          { hideContacts: false, self: true },
          request.sessionRead,
        ),
      );
    },
  );

  app.delete(
    '/authorization/logout',
    // A visitor may call it (docs/adr/0009).
    { schema: { tags: ['authorization'], security: [], summary: 'Sign out' } },
    async (request, reply) => {
      if (request.actor) await revokeSession(app.db, request.actor.sessionId, app.config.now());
      app.clearAuthCookie(reply);
      return reply.status(204).send();
    },
  );
};

export default authorizationRoutes;
