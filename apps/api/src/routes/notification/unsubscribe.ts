import { mediaAnswerSchema, notificationUnsubscribedSchema } from '@dd/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { verifyUnsubscribeToken } from '../../modules/digest/unsubscribe-token.ts';
import { unsubscribePage as page } from '../../modules/mail/unsubscribe-page.ts';
import { NOTIFICATION_UNSUBSCRIBE_PURPOSE } from '../../modules/notifications/notification-mail.ts';
import { turnOffNotificationMail } from '../../modules/notifications/preferences.ts';

const tokenQuery = z.object({ token: z.string().max(200).optional() });
const INVALID = 'This unsubscribe link is not valid. Nothing was changed.';

/**
 * The notification mails' unsubscribe (RFC 8058, as the digest's): a signed link, no session. It turns
 * every notification mail of that user off; the bell in the app is unchanged.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // One-click: mail clients POST "List-Unsubscribe=One-Click" form-encoded; the URL says everything.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, undefined),
  );
  const unsubscribe = async (token: string | undefined) => {
    const signed = token
      ? verifyUnsubscribeToken(app.appSecret, token, NOTIFICATION_UNSUBSCRIBE_PURPOSE)
      : null;
    if (signed === null) return false;
    await turnOffNotificationMail(app.db, signed.userId);
    return true;
  };
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get(
    '/notification/unsubscribe',
    {
      schema: {
        tags: ['notification'],
        summary:
          'Unsubscribe page of the notification e-mails (signed link, no session): a button that POSTs; changes nothing',
        querystring: tokenQuery,
        response: {
          200: mediaAnswerSchema({
            mediaType: 'text/html',
            description: 'A page with an Unsubscribe button',
          }),
        },
      },
      config: limited,
    },
    async (request, reply) => {
      const token = request.query.token;
      const valid = token
        ? verifyUnsubscribeToken(app.appSecret, token, NOTIFICATION_UNSUBSCRIBE_PURPOSE) !== null
        : false;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return valid && token
        ? reply.send(
            page(
              app.config.productName,
              'Unsubscribe from notification e-mails?',
              'You will no longer receive notification e-mails. They still show in the app, and you can turn e-mails on again in your notification settings.',
              { action: `/api/notification/unsubscribe?token=${encodeURIComponent(token)}` },
            ),
          )
        : (reply as unknown as FastifyReply)
            .status(400)
            .send(page(app.config.productName, 'This link does not work', INVALID));
    },
  );

  app.post(
    '/notification/unsubscribe',
    {
      schema: {
        tags: ['notification'],
        summary: 'RFC 8058 one-click unsubscribe from notification e-mails; signed link, no session',
        querystring: tokenQuery,
        response: { 200: notificationUnsubscribedSchema },
      },
      config: limited,
    },
    async (request, reply) => {
      const done = await unsubscribe(request.query.token);
      if (/text\/html/.test(request.headers.accept ?? '')) {
        const html = done
          ? page(
              app.config.productName,
              'You are unsubscribed',
              'You will no longer receive notification e-mails. They still show in the app, and you can turn e-mails on again in your notification settings.',
            )
          : page(app.config.productName, 'This link does not work', INVALID);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return (reply as unknown as FastifyReply).status(done ? 200 : 400).send(html);
      }
      if (!done) throw new AppError('bad_request', { title: 'Invalid unsubscribe link', parameter: 'token' });
      return { meta: { unsubscribed: true as const } };
    },
  );
};

export default unsubscribeRoutes;
