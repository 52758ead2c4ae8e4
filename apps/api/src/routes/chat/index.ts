import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyChatUnsubscribeToken } from '../../modules/chat/chat-unsubscribe-token.ts';
import { setChatMail } from '../../modules/chat/message-service.ts';
import { oneClickUnsubscribe } from '../one-click-unsubscribe.ts';
import chatMailSettingRoutes from './mail-setting.ts';

/**
 * One-click unsubscribe from one project's missed-message mail (signed link, no session), as the
 * digest's (routes/one-click-unsubscribe.ts); the chat's own setting turns it on again (mail-setting.ts).
 */
const chatMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const text =
    'You will no longer receive e-mail about unread messages in this project’s chat. You can turn it on again in the chat.';
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
      await setChatMail(app.db, signed.userId, signed.projectId, false);
      return true;
    },
  });
  await app.register(chatMailSettingRoutes);
};

export default chatMailRoutes;
