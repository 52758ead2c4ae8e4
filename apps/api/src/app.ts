import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { depthGuardedJsonParser } from './lib/json-depth.ts';
import { JSON_API } from './lib/jsonapi/document.ts';
import { buildSerializerCompiler } from './lib/jsonapi/serializer.ts';
import { type LogStream, loggerOptions } from './lib/log-safety.ts';
import { parseQueryString } from './lib/query-string.ts';
import { postgresRateLimitStore } from './lib/rate-limit-store.ts';
import authPlugin from './plugins/app/auth.ts';
import configPlugin from './plugins/app/config.ts';
import contactGuardPlugin from './plugins/app/contact-guard.ts';
import databasePlugin from './plugins/app/database.ts';
import errorsPlugin from './plugins/app/errors.ts';
import eventsPlugin from './plugins/app/events.ts';
import gitDeliveriesPlugin from './plugins/app/git-deliveries.ts';
import inboundMailPlugin from './plugins/app/inbound-mail.ts';
import inputGuardPlugin from './plugins/app/input-guard.ts';
import jobsPlugin from './plugins/app/jobs.ts';
import mailerPlugin from './plugins/app/mailer.ts';
import notificationsPlugin from './plugins/app/notifications.ts';
import responsesPlugin from './plugins/app/responses.ts';
import schedulesPlugin from './plugins/app/schedules.ts';
import openapiPlugin from './plugins/external/openapi.ts';
import securityPlugin from './plugins/external/security.ts';
import webAppPlugin from './plugins/external/web-app.ts';
import apiRoutes from './routes/index.ts';

export type BuildOptions = {
  config: Config;
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** Tests: fail any answer its response schema does not describe exactly (lib/jsonapi/serializer.ts). */
  checkResponses?: boolean;
  /** Tests: sees each route as it is registered (routes/route-folders.test.ts finds the file that declared it). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the app in a fixed order: external plugins, app plugins, then routes. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  checkResponses = false,
  onRoute,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Safe serializers and redaction (lib/log-safety.ts): no parameters, hashes, tokens or bodies.
    logger: logger ? loggerOptions(config.logLevel, logStream, config.logFormat) : false,
    bodyLimit: 1_048_576,
    // Migrations on a busy 2-core machine can take longer than Fastify's 10 s default.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(buildSerializerCompiler({ check: checkResponses }));
  // JSON and JSON:API bodies; a DELETE may carry the content type with no body at all (clients set the
  // header on every call), which is no body rather than an empty JSON document.
  const parseJson = depthGuardedJsonParser(app);
  const jsonOrNoBodyOnDelete: typeof parseJson = (request, body, done) => {
    if (request.method === 'DELETE' && (body === '' || body.length === 0)) return done(null, undefined);
    return parseJson(request, body, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonOrNoBodyOnDelete);
  app.addContentTypeParser(JSON_API, { parseAs: 'string' }, jsonOrNoBodyOnDelete);
  if (config.instanceId) {
    // Scale-out checks (e2e/scale-out.test.ts, docs/deployment.md): which process answered.
    const servedBy = config.instanceId;
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-served-by', servedBy);
    });
  }
  // JSON:API media type on every /api answer, except the plain-JSON liveness check and the OpenAPI document.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    const url = request.url;
    if (url.startsWith('/api/health') || url.startsWith('/api/docs')) return payload;
    if (url.startsWith('/api/') && typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', JSON_API);
    return payload;
  });

  // External plugins.
  await app.register(configPlugin, { config });
  await app.register(securityPlugin);
  // Before compression: its onSend hook must see the JSON text, not a compressed stream.
  await app.register(contactGuardPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  // Counted in PostgreSQL (lib/rate-limit-store.ts): every process behind the load balancer shares one
  // counter per limit and key. The store reads app.db per request; the pool opens later in this build.
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(() => app.db) });
  await app.register(openapiPlugin);

  // App plugins.
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(databasePlugin, { database });
  await app.register(jobsPlugin);
  await app.register(authPlugin);
  await app.register(mailerPlugin);
  await app.register(schedulesPlugin);
  await app.register(notificationsPlugin);
  await app.register(eventsPlugin);
  await app.register(gitDeliveriesPlugin);
  await app.register(inboundMailPlugin);
  await app.register(responsesPlugin, { check: checkResponses });

  // Routes.
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(webAppPlugin);
  return app;
}
