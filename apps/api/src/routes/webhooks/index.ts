import {
  GIT_PROVIDER_NAMES,
  GIT_PROVIDERS,
  type GitProvider,
  ID_MAX,
  idField,
  webhookAnswerSchema,
} from '@dd/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { type DeliveryResult, receiveDelivery, signatureHeader } from '../../modules/git/receive-delivery.ts';
import { findConnectedRepositoryById } from '../../modules/git/repositories.ts';

/** GitHub's cap on a webhook payload is 25 MB; a little room above it. */
const DELIVERY_BODY_LIMIT = 26 * 1024 * 1024;
/**
 * The shared URL must parse a body to learn whose secret signs it, so it reads at most this much before
 * anyone proved they know a secret (docs/product.md §F4); a repository's own URL takes the full size.
 */
const SHARED_URL_BODY_LIMIT = 1024 * 1024;
const repositoryParams = z.object({ repositoryId: idField });

/**
 * POST /api/webhooks/github and /api/webhooks/gitlab (docs/adr/0023-webhooks.md). The providers send no
 * application key or session: the repository's secret is the key (X-Hub-Signature-256, X-Gitlab-Token).
 * The body is kept as the raw bytes it was signed as; the work is done by a job after this answer.
 */
const SIGNED_BY: Record<GitProvider, string> = {
  github:
    'Signed in X-Hub-Signature-256 (HMAC-SHA256 of the body with the secret); X-GitHub-Event, X-GitHub-Delivery.',
  gitlab: 'X-Gitlab-Token carries the secret; X-Gitlab-Event, X-Gitlab-Event-UUID.',
};

const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: DELIVERY_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const receive = (provider: GitProvider, request: FastifyRequest, repositoryId?: number) =>
    receiveDelivery(app.db, {
      provider,
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      appSecret: app.appSecret,
      now: app.config.now(),
      repositoryId,
    });
  const answer = (reply: FastifyReply, result: DeliveryResult) =>
    reply.status(result === 'duplicate' ? 200 : 202).send({ data: null, meta: { result } });

  for (const provider of GIT_PROVIDERS) {
    app.post(
      `/webhooks/${provider}/:repositoryId`,
      {
        bodyLimit: DELIVERY_BODY_LIMIT,
        // Before the body is read: a URL of no connected repository, or a delivery without a signature, is
        // answered at once, as a wrong signature is.
        onRequest: async (request) => {
          const id = Number((request.params as Record<string, unknown>).repositoryId);
          const known =
            Number.isInteger(id) &&
            id > 0 &&
            id <= ID_MAX &&
            (await findConnectedRepositoryById(app.db, provider, id));
          if (!known || !request.headers[signatureHeader(provider)])
            throw new AppError('unauthorized', { title: 'Missing or invalid webhook signature' });
        },
        schema: {
          tags: ['git'],
          summary: `A webhook delivery from ${GIT_PROVIDER_NAMES[provider]} to one repository's own URL (JSON, at most 25 MB)`,
          description: `${SIGNED_BY[provider]} The signature is checked on the raw body before it is read. 202 accepted (done after the answer) or ignored (an event not handled, e.g. ping); 200 for a delivery id seen before; 401 for a missing or wrong signature or a repository not connected; 400 when the payload names another repository.`,
          params: repositoryParams,
          response: { 200: webhookAnswerSchema, 202: webhookAnswerSchema },
        },
      },
      async (request, reply) => answer(reply, await receive(provider, request, request.params.repositoryId)),
    );
    app.post(
      `/webhooks/${provider}`,
      {
        bodyLimit: SHARED_URL_BODY_LIMIT,
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > SHARED_URL_BODY_LIMIT)
            throw new AppError('payload_too_large', {
              title: "Deliveries over 1 MB need the repository's own webhook URL (shown on the Git tab)",
            });
        },
        schema: {
          tags: ['git'],
          summary: `A webhook delivery from ${GIT_PROVIDER_NAMES[provider]} to the shared URL (JSON, at most 1 MB)`,
          description: `${SIGNED_BY[provider]} Kept for repositories connected before each had its own URL. 202 accepted (done after the answer) or ignored (an event not handled); 200 for a delivery id seen before; 401 for a missing or wrong signature or a repository name not connected; 413 over 1 MB.`,
          response: { 200: webhookAnswerSchema, 202: webhookAnswerSchema },
        },
      },
      async (request, reply) => answer(reply, await receive(provider, request)),
    );
  }
};

export default webhookRoutes;
