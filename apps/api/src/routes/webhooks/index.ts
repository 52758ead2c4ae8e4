import { GIT_PROVIDER_NAMES, GIT_PROVIDERS, type GitProvider, webhookAnswerSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiveDelivery } from '../../modules/git/receive-delivery.ts';

/** GitHub's cap on a webhook payload is 25 MB; a little room above it. */
const DELIVERY_BODY_LIMIT = 26 * 1024 * 1024;

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

  for (const provider of GIT_PROVIDERS)
    app.post(
      `/webhooks/${provider}`,
      {
        bodyLimit: DELIVERY_BODY_LIMIT,
        config: { revealsNotFound: true },
        schema: {
          tags: ['git'],
          summary: `A webhook delivery from ${GIT_PROVIDER_NAMES[provider]}, as it sends it (JSON, at most 25 MB)`,
          description: `${SIGNED_BY[provider]} 202 accepted (done after the answer) or ignored (an event not handled); 200 for a delivery id seen before; 401 for a missing or wrong signature; 404 when no connected repository has the payload's name.`,
          response: { 200: webhookAnswerSchema, 202: webhookAnswerSchema },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await receiveDelivery(app.db, {
          provider,
          headers: request.headers,
          body,
          appSecret: app.appSecret,
          now: app.config.now(),
        });
        return reply.status(result === 'duplicate' ? 200 : 202).send({ data: null, meta: { result } });
      },
    );
};

export default webhookRoutes;
