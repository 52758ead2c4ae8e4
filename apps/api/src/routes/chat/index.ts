import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isCurrentChatToken, unsubscribeChatMail } from '../../modules/chat/chat-mail-setting.ts';
import { verifyChatUnsubscribeToken } from '../../modules/chat/chat-unsubscribe-token.ts';
import { oneClickUnsubscribe } from '../one-click-unsubscribe.ts';
import chatMailSettingRoutes from './mail-setting.ts';

/**
 * One-click unsubscribe from one project's missed-message mail (signed link, no session), as the
 * digest's (routes/one-click-unsubscribe.ts); a link mailed before the mail was turned on again no longer
 * works (modules/chat/chat-mail-setting.ts); the chat's own setting turns it on again (mail-setting.ts).
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
    valid: async (token) => {
      const signed = verifyChatUnsubscribeToken(app.appSecret, token);
      return signed !== null && (await isCurrentChatToken(app.db, signed));
    },
    apply: async (token) => {
      const signed = verifyChatUnsubscribeToken(app.appSecret, token);
      return signed !== null && (await unsubscribeChatMail(app.db, signed));
    },
  });
  await app.register(chatMailSettingRoutes);
};

export default chatMailRoutes;
