import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyChatUnsubscribeToken } from '../../modules/chat/chat-unsubscribe-token.ts';
import { oneClickUnsubscribe } from '../one-click-unsubscribe.ts';

/**
 * One-click unsubscribe from one project's missed-message mail (signed link, no session), as the
 * digest's (routes/one-click-unsubscribe.ts).
 */
const chatMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const text = 'You will no longer receive e-mail about unread messages in this project’s chat.';
  oneClickUnsubscribe(app, {
    path: '/chat/unsubscribe',
    tag: 'chat',
    what: "a project's missed-message mail",
    question: 'Unsubscribe from this chat’s e-mail?',
    before: text,
    after: text,
    valid: async (token) => verifyChatUnsubscribeToken(app.appSecret, token) !== null,
    apply: async (token) => {
      const signed = verifyChatUnsubscribeToken(app.appSecret, token);
      if (signed === null) return false;
      await app.db.execute(sql`
        insert into message_reads (user_id, project_id, mail_enabled)
        select u.id, p.id, false from users u, projects p where u.id = ${signed.userId} and p.id = ${signed.projectId}
        on conflict (user_id, project_id) do update set mail_enabled = false`);
      return true;
    },
  });
};

export default chatMailRoutes;
