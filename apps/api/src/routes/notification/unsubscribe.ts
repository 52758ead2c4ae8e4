import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyUnsubscribeToken } from '../../modules/digest/unsubscribe-token.ts';
import { NOTIFICATION_UNSUBSCRIBE_PURPOSE } from '../../modules/notifications/notification-mail.ts';
import {
  isCurrentNotificationToken,
  turnOffNotificationMail,
} from '../../modules/notifications/preferences.ts';
import { oneClickUnsubscribe } from '../one-click-unsubscribe.ts';

/**
 * The notification mails' unsubscribe (RFC 8058, as the digest's): a signed link, no session. It turns
 * every notification mail of that user off; the bell in the app is unchanged. A link from a mail sent
 * before the user turned a mail on again no longer works (users.notification_token_version).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const signed = (token: string) =>
    verifyUnsubscribeToken(app.appSecret, token, NOTIFICATION_UNSUBSCRIBE_PURPOSE);
  const text =
    'You will no longer receive notification e-mails. They still show in the app, and you can turn e-mails on again in your notification settings.';
  oneClickUnsubscribe(app, {
    path: '/notification/unsubscribe',
    tag: 'notification',
    what: 'notification e-mails',
    question: 'Unsubscribe from notification e-mails?',
    before: text,
    after: text,
    valid: async (token) => {
      const user = signed(token);
      return user !== null && (await isCurrentNotificationToken(app.db, user.userId, user.version));
    },
    apply: async (token) => {
      const user = signed(token);
      return user !== null && (await turnOffNotificationMail(app.db, user.userId, user.version));
    },
  });
};

export default unsubscribeRoutes;
