import fp from 'fastify-plugin';
import { sendNotificationMail } from '../../modules/notifications/notification-mail.ts';
import { NOTIFICATION_MAIL_TASK } from '../../modules/notifications/notify.ts';

/**
 * The notification centre's mail (docs/adr/0020-notifications.md): notify() queues one waiting
 * `notification-mail` job per user; this task sends what waits for that user in one message.
 */
export default fp(
  async (app) => {
    const ctx = { db: app.db, mailer: app.mailer, config: app.config, secret: app.appSecret };
    app.jobs.define(NOTIFICATION_MAIL_TASK, async (payload) => {
      const userId = Number((payload as { userId?: unknown }).userId);
      if (!Number.isInteger(userId) || userId <= 0) return;
      await sendNotificationMail(ctx, userId, app.config.now());
    });
  },
  { name: 'notifications', dependencies: ['config', 'database', 'jobs', 'mailer', 'schedules'] },
);
