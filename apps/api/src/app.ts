import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { JSON_API } from './lib/jsonapi/document.ts';
import authPlugin from './plugins/app/auth.ts';
import configPlugin from './plugins/app/config.ts';
import databasePlugin from './plugins/app/database.ts';
import errorsPlugin from './plugins/app/errors.ts';
import eventsPlugin from './plugins/app/events.ts';
import mailerPlugin from './plugins/app/mailer.ts';
import openapiPlugin from './plugins/external/openapi.ts';
import securityPlugin from './plugins/external/security.ts';
import webAppPlugin from './plugins/external/web-app.ts';
import adminFormRoutes from './routes/admin-forms.ts';
import adminListRoutes from './routes/admin-lists.ts';
import authorizationRoutes from './routes/authorization/index.ts';
import boardRoutes from './routes/board/index.ts';
import eventRoutes from './routes/events/index.ts';
import invitationRoutes from './routes/invitations/index.ts';
import lookupRoutes from './routes/lookups/index.ts';
import mailOutboxRoutes from './routes/mail-outbox/index.ts';
import passwordRoutes from './routes/password/index.ts';
import projectPageRoutes from './routes/projects/project-page.ts';
import registrationRoutes from './routes/registration/index.ts';
import scheduledCallRoutes from './routes/scheduled-calls/index.ts';
import settingRoutes from './routes/settings/index.ts';
import systemRoutes from './routes/system/index.ts';
import userRoutes from './routes/users/index.ts';

export type BuildOptions = { config: Config; database?: Database; logger?: boolean };

/** Builds the app in a fixed order: external plugins, app plugins, then routes. */
export async function buildApp({ config, database, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 1_048_576,
    // Migrations on a busy 2-core machine can take longer than Fastify's 10 s default.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    // The spec's lists send filter[0][1]=...: nested query objects, bounded in depth and size.
    routerOptions: {
      querystringParser: (str: string) => qs.parse(str, { depth: 3, arrayLimit: 50, parameterLimit: 200 }),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addContentTypeParser(JSON_API, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (request.url.startsWith('/api/') && typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', JSON_API);
    return payload;
  });

  // External plugins.
  await app.register(configPlugin, { config });
  await app.register(securityPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(openapiPlugin);

  // App plugins.
  await app.register(errorsPlugin);
  await app.register(databasePlugin, { database });
  await app.register(authPlugin);
  await app.register(mailerPlugin);
  await app.register(eventsPlugin);

  // Routes.
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authorizationRoutes);
      await api.register(userRoutes);
      await api.register(lookupRoutes);
      await api.register(passwordRoutes);
      await api.register(invitationRoutes);
      await api.register(mailOutboxRoutes);
      await api.register(projectPageRoutes);
      await api.register(adminListRoutes);
      await api.register(adminFormRoutes);
      await api.register(registrationRoutes);
      await api.register(settingRoutes);
      await api.register(boardRoutes);
      await api.register(scheduledCallRoutes);
      await api.register(eventRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(webAppPlugin);
  return app;
}
