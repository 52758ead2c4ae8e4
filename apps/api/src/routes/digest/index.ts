import { digestSettingDocumentSchema, digestUnsubscribedSchema, mediaAnswerSchema } from '@dd/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { verifyUnsubscribeToken } from '../../modules/digest/unsubscribe-token.ts';
import { unsubscribePage as page } from '../../modules/mail/unsubscribe-page.ts';

const tokenQuery = z.object({ token: z.string().max(200).optional() });

const settingBody = z.object({
  data: z.object({
    type: z.literal('digest-setting'),
    attributes: z.object({ 'digest-enabled': z.boolean() }),
  }),
});

const setting = (userId: number, enabled: boolean) =>
  asDocument(
    digestSettingDocumentSchema,
    documentOf({ type: 'digest-setting', id: String(userId), attributes: { 'digest-enabled': enabled } }),
  );

/**
 * The client digest's settings (issue 14 §5). The unsubscribe link works signed-out: its token is the
 * user id and their digest token version signed with the server secret (modules/digest/unsubscribe-token.ts).
 * GET answers a page with an Unsubscribe button and changes nothing (mail link scanners follow links);
 * POST unsubscribes: RFC 8058 one-click (the mail's List-Unsubscribe-Post header) answers JSON, the
 * page's button (a browser asking for HTML) a page. Signed-in clients read and set their own digest with
 * /digest/setting (the profile toggle); turning it on again raises the token version, so older links die.
 */
const digestRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" form-encoded; the body says nothing
  // the URL does not, so it is read and ignored (encapsulated: only this plugin's routes accept forms).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, undefined),
  );

  /** The user a token names while it is still their current one (null: forged, or an older mail's). */
  const tokenOwner = async (token: string | undefined) => {
    const signed = token ? verifyUnsubscribeToken(app.appSecret, token) : null;
    if (!signed) return null;
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, signed.userId), eq(users.digestTokenVersion, signed.version)));
    return row?.id ?? null;
  };

  const unsubscribe = async (token: string | undefined) => {
    const signed = token ? verifyUnsubscribeToken(app.appSecret, token) : null;
    if (!signed) return false;
    const done = await app.db
      .update(users)
      .set({ digestEnabled: false, updatedAt: app.config.now() })
      .where(and(eq(users.id, signed.userId), eq(users.digestTokenVersion, signed.version)))
      .returning({ id: users.id });
    return done.length === 1;
  };

  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const invalidPage = () =>
    page(
      app.config.productName,
      'This link does not work',
      'This unsubscribe link is not valid. Nothing was changed.',
    );

  app.get(
    '/digest/unsubscribe',
    {
      schema: {
        tags: ['digest'],
        summary:
          'Unsubscribe page of the daily digest (signed link, no session): a button that POSTs; changes nothing',
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
      const valid = (await tokenOwner(token)) !== null;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return valid && token
        ? reply.send(
            page(
              app.config.productName,
              'Unsubscribe from the daily digest?',
              'You will no longer receive the daily digest of project updates. You can turn it on again in your profile.',
              { action: `/api/digest/unsubscribe?token=${encodeURIComponent(token)}` },
            ),
          )
        : // A page for a person, not the JSON:API error document the schema's 400 describes for bad input.
          (reply as unknown as FastifyReply).status(400).send(invalidPage());
    },
  );

  app.post(
    '/digest/unsubscribe',
    {
      schema: {
        tags: ['digest'],
        summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post); signed link, no session',
        description: "A browser asking for text/html (the page's button) gets a page instead of JSON.",
        querystring: tokenQuery,
        response: { 200: digestUnsubscribedSchema },
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
              'You will no longer receive the daily digest of project updates. You can turn it on again in your profile.',
            )
          : invalidPage();
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return (reply as unknown as FastifyReply).status(done ? 200 : 400).send(html);
      }
      if (!done) throw new AppError('bad_request', { title: 'Invalid unsubscribe link', parameter: 'token' });
      return { meta: { unsubscribed: true as const } };
    },
  );

  app.get(
    '/digest/setting',
    {
      schema: {
        tags: ['digest'],
        summary: 'Whether I get the daily digest of updates (clients)',
        response: { 200: digestSettingDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'digest:manage-own');
      const [row] = await app.db
        .select({ enabled: users.digestEnabled })
        .from(users)
        .where(eq(users.id, actor.id));
      return setting(actor.id, row?.enabled ?? false);
    },
  );

  app.patch(
    '/digest/setting',
    {
      schema: {
        tags: ['digest'],
        summary: 'Turn my daily digest on or off (clients)',
        body: settingBody,
        response: { 200: digestSettingDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'digest:manage-own');
      const enabled = request.body.data.attributes['digest-enabled'];
      await app.db
        .update(users)
        .set({
          digestEnabled: enabled,
          // Turned on again: the links of the mails sent before stop working (unsubscribe-token.ts).
          digestTokenVersion: enabled
            ? sql`case when ${users.digestEnabled} then ${users.digestTokenVersion} else ${users.digestTokenVersion} + 1 end`
            : users.digestTokenVersion,
          updatedAt: app.config.now(),
        })
        .where(eq(users.id, actor.id));
      return setting(actor.id, enabled);
    },
  );
};

export default digestRoutes;
