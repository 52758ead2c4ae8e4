import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox } from '../../db/schema/index.ts';
import { maskEmail } from '../../modules/mail/mask-email.ts';
import { redactSecrets } from '../../modules/mail/redact.ts';

export type MailAttachment = { filename: string; content: string; contentType?: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * Values only the recipient may read (a reset or invitation link, its token): sent to the mailbox,
   * replaced by '[link redacted]' in the outbox, never logged except the one operator line without SMTP.
   */
  secrets?: string[];
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
 * Outgoing mail through nodemailer when SMTP_URL is set; otherwise the message is not sent. Either
 * way every message is kept in mail_outbox with its status, so admins can read what went out, with
 * every secret the template marked redacted (issue 11 finding 1: no one reads another person's link).
 * Without SMTP_URL a message's secret links are written to the log once, the only copy, so the
 * operator of a local install can pass them on. The log never carries a mail's text or address.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
    const pending = new Set<Promise<unknown>>();

    const send = async (message: MailMessage): Promise<MailStatus> => {
      const { secrets = [], ...outgoing } = message;
      let status: MailStatus = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: config.mailFrom, ...outgoing });
          status = 'sent';
        } catch (cause) {
          status = 'failed';
          error = cause instanceof Error ? cause.message : String(cause);
        }
      }
      let mailId: number | null = null;
      try {
        const kept = redactSecrets(message);
        const [row] = await app.db
          .insert(mailOutbox)
          .values({
            to: message.to,
            subject: kept.subject,
            text: kept.text,
            html: kept.html,
            attachments: (message.attachments ?? []).map(({ filename, contentType }) => ({
              filename,
              contentType,
            })),
            status,
            error: error === null ? null : redactSecrets({ ...message, text: error }).text,
          })
          .returning({ id: mailOutbox.id });
        mailId = row?.id ?? null;
      } catch (cause) {
        app.log.error({ err: cause }, 'mail outbox row not written');
      }
      const ref = mailId === null ? 'a mail' : `outbox mail #${mailId}`;
      if (status === 'failed') app.log.error({ mailId, error }, `${ref} not sent`);
      else if (status === 'logged' && secrets.length > 0) {
        const links = secrets.filter((s) => /^https?:\/\//.test(s));
        // The one place a secret link is written down: the operator of a local install without SMTP.
        app.log.warn(
          { mailId },
          `No SMTP_URL: ${ref} ("${redactSecrets(message).subject}" to ${maskEmail(message.to)}) was not sent. ` +
            `Its link, shown only here and kept nowhere else: ${(links.length ? links : secrets).join(' ')}`,
        );
      } else if (status === 'logged') app.log.info({ mailId }, `No SMTP_URL: ${ref} kept in the outbox only`);
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
