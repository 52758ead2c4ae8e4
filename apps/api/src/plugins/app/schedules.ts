import fp from 'fastify-plugin';
import { sendMissedMessageMails } from '../../modules/chat/missed-mail.ts';
import { resolveAppSecret } from '../../modules/digest/app-secret.ts';
import { sendDueDigests } from '../../modules/digest/client-digest.ts';
import { sendDueCallReminders } from '../../modules/reminders/call-reminders.ts';
import { sendDueTeamReminders } from '../../modules/reminders/team-reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server secret for signed links (APP_SECRET, or generated once and kept in the database). */
    appSecret: string;
  }
}

/**
 * What the job queue's minute `tick` does (docs/product.md §F2): call reminders, team reminders and client
 * digests that are due on the app clock. Each kind claims what it sends in a sent-log table in the
 * transaction that queues the mail, so ticks of several processes (or a tick run twice) send once.
 */
export default fp(
  async (app) => {
    const secret = await resolveAppSecret(app.db, app.config.appSecret);
    app.decorate('appSecret', secret);
    const ctx = { db: app.db, mailer: app.mailer, config: app.config, log: app.log, secret };
    app.jobs.onTick('call reminders', async (now) => void (await sendDueCallReminders(ctx, now)));
    app.jobs.onTick('team reminders', async (now) => void (await sendDueTeamReminders(ctx, now)));
    app.jobs.onTick('client digests', async (now) => void (await sendDueDigests(ctx, now)));
    app.jobs.onTick('missed chat messages', async (now) => void (await sendMissedMessageMails(ctx, now)));
  },
  { name: 'schedules', dependencies: ['config', 'database', 'jobs', 'mailer'] },
);
