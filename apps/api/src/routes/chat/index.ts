import { digestUnsubscribedSchema, mediaAnswerSchema } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { verifyChatUnsubscribeToken } from '../../modules/chat/chat-unsubscribe-token.ts';
import { escapeHtml } from '../../modules/mail/layout.ts';

const tokenQuery = z.object({ token: z.string().max(200).optional() });

function page(productName: string, title: string, body: string): string {
  return `<!doctype html>
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
}

/**
 * One-click unsubscribe from one project's missed-message mail (signed link, no session), as the
 * digest's: GET answers a page, POST is RFC 8058 (List-Unsubscribe-Post).
 */
const chatMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, undefined),
  );

  const unsubscribe = async (token: string | undefined) => {
    const signed = token ? verifyChatUnsubscribeToken(app.appSecret, token) : null;
    if (signed === null) return false;
    await app.db.execute(sql`
      insert into message_reads (user_id, project_id, mail_enabled)
      select u.id, p.id, false from users u, projects p where u.id = ${signed.userId} and p.id = ${signed.projectId}
      on conflict (user_id, project_id) do update set mail_enabled = false`);
    return true;
  };
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get(
    '/chat/unsubscribe',
    {
      schema: {
        tags: ['chat'],
        summary:
          "One-click unsubscribe from a project's missed-message mail (signed link, no session); a page",
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
              'You will no longer receive e-mail about unread messages in this project’s chat.',
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
    '/chat/unsubscribe',
    {
      schema: {
        tags: ['chat'],
        summary: 'RFC 8058 one-click unsubscribe from missed-message mail (List-Unsubscribe-Post)',
        querystring: tokenQuery,
        response: { 200: digestUnsubscribedSchema },
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

export default chatMailRoutes;
