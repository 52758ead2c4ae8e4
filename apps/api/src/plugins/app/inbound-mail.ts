import fp from 'fastify-plugin';
import { startReplyReceiver } from '../../modules/inbound-mail/smtp-receiver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in SMTP receiver of replies while it runs (INBOUND_SMTP_PORT), else null. */
    inboundSmtp: { port: number } | null;
  }
}

/**
 * Replies by mail (modules/inbound-mail): with INBOUND_SMTP_PORT set, the SMTP receiver starts with the
 * app and stops when it closes. The provider route (routes/inbound-mail) needs no plugin.
 */
export default fp(
  async (app) => {
    const { config } = app;
    app.decorate('inboundSmtp', null);
    if (config.inboundSmtpPort === null) return;
    const receiver = await startReplyReceiver(
      { db: app.db, log: app.log, secret: app.appSecret, config },
      { port: config.inboundSmtpPort, host: config.inboundSmtpHost },
    );
    app.inboundSmtp = { port: receiver.port };
    app.log.info(`Reply receiver listening for SMTP on ${config.inboundSmtpHost}:${receiver.port}`);
    app.addHook('onClose', async () => {
      await receiver.close();
    });
  },
  { name: 'inbound-mail', dependencies: ['config', 'database', 'schedules'] },
);
