import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailAttachment = { filename: string; content: string; contentType?: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};
export type MailStatus = 'sent' | 'failed' | 'logged';

export type Mailer = {
  /** Sends (or, without SMTP_URL, logs) one message and records it in the outbox. Never throws. */
  send: (message: MailMessage) => Promise<MailStatus>;
  /** Like send, without waiting: for answers whose timing must not depend on whether mail goes out. */
  sendLater: (message: MailMessage) => void;
  /** Resolves once every message handed to sendLater has been dealt with (tests, shutdown). */
  settled: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Outgoing mail through nodemailer when SMTP_URL is set; otherwise the message is only logged. Either
 * way every message is kept in mail_outbox with its status, so admins can read what went out.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
    const pending = new Set<Promise<unknown>>();

    const send = async (message: MailMessage): Promise<MailStatus> => {
      let status: MailStatus = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: config.mailFrom, ...message });
          status = 'sent';
        } catch (cause) {
          status = 'failed';
          error = cause instanceof Error ? cause.message : String(cause);
          app.log.error({ to: message.to, subject: message.subject, err: cause }, 'mail not sent');
        }
      } else {
        app.log.info(
          { to: message.to, subject: message.subject, text: message.text },
          'mail (no SMTP_URL: logged only)',
        );
      }
      try {
        await app.db.insert(mailOutbox).values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: (message.attachments ?? []).map(({ filename, contentType }) => ({
            filename,
            contentType,
          })),
          status,
          error,
        });
      } catch (cause) {
        app.log.error({ err: cause }, 'mail outbox row not written');
      }
      return status;
    };

    const sendLater = (message: MailMessage) => {
      const job = send(message).finally(() => pending.delete(job));
      pending.add(job);
    };

    const settled = async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    };

    app.decorate('mailer', { send, sendLater, settled });
    app.addHook('onClose', async () => {
      await settled();
      transport?.close();
    });
  },
  { name: 'mailer', dependencies: ['config', 'database'] },
);
