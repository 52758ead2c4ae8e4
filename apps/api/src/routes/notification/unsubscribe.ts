import { mediaAnswerSchema, notificationUnsubscribedSchema } from '@dd/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { verifyUnsubscribeToken } from '../../modules/digest/unsubscribe-token.ts';
import { escapeHtml } from '../../modules/mail/layout.ts';
import { NOTIFICATION_UNSUBSCRIBE_PURPOSE } from '../../modules/notifications/notification-mail.ts';
import { turnOffNotificationMail } from '../../modules/notifications/preferences.ts';

const tokenQuery = z.object({ token: z.string().max(200).optional() });

const page = (productName: string, title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<main style="max-width:480px;margin:48px auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
<p style="margin:0">${escapeHtml(body)}</p>
<p style="margin:24px 0 0;color:#616e7c;font-size:14px">${escapeHtml(productName)}</p>
</main>
</body>
</html>
`;

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
    const userId = token
      ? verifyUnsubscribeToken(app.appSecret, token, NOTIFICATION_UNSUBSCRIBE_PURPOSE)
      : null;
    if (userId === null) return false;
    await turnOffNotificationMail(app.db, userId);
    return true;
  };
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get(
    '/notification/unsubscribe',
    {
      schema: {
        tags: ['notification'],
        summary: 'Stop notification e-mails (signed link from the mail, no session); answers a page',
        querystring: tokenQuery,
        response: {
          200: mediaAnswerSchema({ mediaType: 'text/html', description: 'A page: you are unsubscribed' }),
        },
      },
      config: limited,
    },
    async (request, reply) => {
      const done = await unsubscribe(request.query.token);
      const { productName } = app.config;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return done
        ? reply.send(
            page(
              productName,
              'You are unsubscribed',
              'You will no longer receive notification e-mails. They still show in the app, and you can turn e-mails on again in your notification settings.',
            ),
          )
        : (reply as unknown as FastifyReply)
            .status(400)
            .send(
              page(
                productName,
                'This link does not work',
                'This unsubscribe link is not valid. Nothing was changed.',
              ),
            );
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
    async (request) => {
      if (!(await unsubscribe(request.query.token)))
        throw new AppError('bad_request', { title: 'Invalid unsubscribe link', parameter: 'token' });
      return { meta: { unsubscribed: true as const } };
    },
  );
};

export default unsubscribeRoutes;
