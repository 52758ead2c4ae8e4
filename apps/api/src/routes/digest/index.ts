import { digestSettingDocumentSchema } from '@dd/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { verifyUnsubscribeToken } from '../../modules/digest/unsubscribe-token.ts';
import { oneClickUnsubscribe } from '../one-click-unsubscribe.ts';

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
 * The client digest's settings (docs/product.md §F2). The unsubscribe link works signed-out: its token is the
 * user id and their digest token version signed with the server secret (modules/digest/unsubscribe-token.ts).
 * GET answers a page with an Unsubscribe button and changes nothing (mail link scanners follow links);
 * POST unsubscribes: RFC 8058 one-click (the mail's List-Unsubscribe-Post header) answers JSON, the
 * page's button (a browser asking for HTML) a page. Signed-in clients read and set their own digest with
 * /digest/setting (the profile toggle); turning it on again raises the token version, so older links die.
 */
const digestRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The token's user while it is still their current one (not forged, not an older mail's). */
  const current = (token: string) => {
    const signed = verifyUnsubscribeToken(app.appSecret, token);
    return signed ? and(eq(users.id, signed.userId), eq(users.digestTokenVersion, signed.version)) : null;
  };
  oneClickUnsubscribe(app, {
    path: '/digest/unsubscribe',
    tag: 'digest',
    what: 'the daily digest',
    question: 'Unsubscribe from the daily digest?',
    before:
      'You will no longer receive the daily digest of project updates. You can turn it on again in your profile.',
    after:
      'You will no longer receive the daily digest of project updates. You can turn it on again in your profile.',
    valid: async (token) => {
      const where = current(token);
      if (!where) return false;
      return (await app.db.select({ id: users.id }).from(users).where(where)).length === 1;
    },
    apply: async (token) => {
      const where = current(token);
      if (!where) return false;
      const done = await app.db
        .update(users)
        .set({ digestEnabled: false, updatedAt: app.config.now() })
        .where(where)
        .returning({ id: users.id });
      return done.length === 1;
    },
  });

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
