import {
  canUseGetStartedWizard,
  cappedText,
  REGISTRATION_MARKER_COOKIE,
  registerClientCompanySchema,
  registerClientProjectSchema,
  registerClientUserSchema,
  registrationDocumentSchema,
  TEXT_MAX,
} from '@dd/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { depthGuardedJsonParser } from '../../lib/json-depth.ts';
import { secureCookieFor } from '../../lib/secure-cookie.ts';
import { createSession, SESSION_TTL_MS } from '../../modules/auth/sessions.ts';
import { sendSignUpConfirmation } from '../../modules/registration/confirm-sign-up.ts';
import { createClientProject, registerClient } from '../../modules/registration/register-client.ts';

// Per address; generous for a family behind one router, tight for a script.
const REGISTER_LIMIT = { max: 10, timeWindow: '1 hour' };
const DAY_S = 24 * 60 * 60;

const registerBody = z.object({
  data: z.object({
    type: z.literal('user').optional(),
    attributes: z.object({
      // Whatever role is sent, sign-up creates a client (docs/product.md §C6): the value is read and ignored.
      user: registerClientUserSchema.extend({ role: cappedText(TEXT_MAX.short).optional() }).optional(),
      company: registerClientCompanySchema.partial().optional(),
      project: registerClientProjectSchema,
    }),
  }),
});

function registrationDocument(projectId: number, userId: number, token: string | null) {
  const authorization = token ? { token } : null;
  return {
    data: {
      type: 'registration' as const,
      id: String(projectId),
      attributes: { 'user-id': userId, 'project-id': projectId, ...(token ? { token } : {}) },
      // Where the product's client reads them: data.project id and data.authorization.token.
      project: { id: projectId },
      authorization,
    },
  };
}

/** The get-started wizard's sign-up (docs/product.md §C6). */
const registerClientRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon may post a string as text/plain; this plugin alone reads it as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, depthGuardedJsonParser(app));

  const setRegistrationMarker = (reply: FastifyReply) =>
    reply.setCookie(REGISTRATION_MARKER_COOKIE, '1', {
      path: '/',
      maxAge: DAY_S,
      sameSite: 'lax',
      httpOnly: false,
      secure: secureCookieFor(app.config.publicUrl, reply.request),
      ...(app.config.cookieDomain ? { domain: app.config.cookieDomain } : {}),
    });

  const confirm = (userId: number, projectId: number, projectTitle: string) =>
    sendSignUpConfirmation(
      app.db,
      { userId, projectId, projectTitle, config: app.config, appSecret: app.appSecret },
      app.mailer.sendLater,
    );

  app.post(
    '/user/register-client',
    {
      schema: {
        tags: ['registration'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Get-started wizard: a visitor signs up (user, company, project); a client adds a project',
        body: registerBody,
        response: { 201: registrationDocumentSchema },
      },
      config: { rateLimit: REGISTER_LIMIT },
    },
    async (request, reply) => {
      const { actor } = request;
      if (!canUseGetStartedWizard(actor)) throw forbidden();
      const { user, company, project } = request.body.data.attributes;

      if (actor) {
        const { projectId } = await createClientProject(app.db, actor.id, { project, company });
        await confirm(actor.id, projectId, project.title);
        setRegistrationMarker(reply);
        return reply.status(201).send(registrationDocument(projectId, actor.id, null));
      }

      if (!user)
        throw new AppError('unprocessable', {
          title: 'Account details are required',
          pointer: '/data/attributes/user',
        });
      const { userId, projectId } = await registerClient(app.db, {
        user: { ...user, role: 'client' },
        company: { title: project.title, company_size_id: company?.company_size_id ?? null },
        project,
      });
      await confirm(userId, projectId, project.title);
      const now = app.config.now();
      const { token } = await createSession(app.db, {
        userId,
        remember: true,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
        now,
      });
      app.setAuthCookie(reply, token, SESSION_TTL_MS.remember);
      setRegistrationMarker(reply);
      return reply.status(201).send(registrationDocument(projectId, userId, token));
    },
  );
};

export default registerClientRoutes;
