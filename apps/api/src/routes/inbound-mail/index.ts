import { timingSafeEqual } from 'node:crypto';
import { inboundMailAnswerSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import {
  INBOUND_MAIL_MAX_BYTES,
  ReplyDeferred,
  receiveReply,
} from '../../modules/inbound-mail/receive-reply.ts';

const RAW_TYPES = ['message/rfc822', 'text/plain'];

/** Whether the Authorization header is `Bearer <secret>`, compared in constant time. */
function carriesSecret(header: string | undefined, secret: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/inbound-mail: a reply by mail handed on by an inbound-mail provider, as the raw message
 * (docs/deployment.md). No session or application key: the shared secret INBOUND_MAIL_SECRET is the key,
 * and without it the route is not there (404). The mail goes the same way as one the SMTP receiver
 * takes in (modules/inbound-mail/receive-reply.ts).
 */
const inboundMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    RAW_TYPES,
    { parseAs: 'buffer', bodyLimit: INBOUND_MAIL_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/inbound-mail',
    {
      bodyLimit: INBOUND_MAIL_MAX_BYTES,
      config: { revealsNotFound: true },
      schema: {
        tags: ['chat'],
        summary:
          'A reply by mail from an inbound-mail provider, as the raw message (message/rfc822 or text/plain)',
        description:
          'Authorization: Bearer <INBOUND_MAIL_SECRET>. 202 with meta.result `posted` (in the chat) or `dropped` (not posted; the server log says why); 401 for a missing or wrong secret; 404 when INBOUND_MAIL_SECRET is not set; 413 over 35,000,000 bytes; 429 when the person may post again only later (send it again then).',
        response: { 202: inboundMailAnswerSchema },
      },
    },
    async (request, reply) => {
      const secret = app.config.inboundMailSecret;
      if (secret === null) throw new AppError('not_found', { title: 'Not found' });
      if (!carriesSecret(request.headers.authorization, secret))
        throw new AppError('unauthorized', { title: 'Missing or wrong inbound mail secret' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const outcome = await receiveReply(
          { db: app.db, log: request.log, secret: app.appSecret, config: app.config },
          raw,
        );
        return reply.status(202).send({ data: null, meta: { result: outcome.result } });
      } catch (error) {
        if (error instanceof ReplyDeferred)
          throw new AppError('too_many_requests', {
            title: 'Too many replies from this person, send it again later',
          });
        throw error;
      }
    },
  );
};

export default inboundMailRoutes;
