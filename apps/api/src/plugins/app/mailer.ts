import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { maskEmail } from '../../modules/mail/mask-email.ts';
import type { MailMessage } from '../../modules/mail/message.ts';
import { redactSecrets } from '../../modules/mail/redact.ts';
import { outgoingMail } from '../../modules/mail/sender.ts';

export type { MailAttachment, MailCalendar, MailMessage } from '../../modules/mail/message.ts';

/** What send answers: the mail is in the queue ('queued'); the job later makes it 'sent', 'failed' or 'logged'. */
export type MailStatus = 'queued' | 'sent' | 'failed' | 'logged';

/** Attempts per mail: graphile-worker waits e^n seconds after the n-th failure, ~3.5 h over all of them. */
export const MAIL_MAX_ATTEMPTS = 10;

type MailJob = { outboxId: number; message: MailMessage };

export type Mailer = {
  /**
   * Writes the outbox row (state 'queued', secrets redacted) and queues a `mail` job carrying the real
   * message, in one transaction. Never throws for a mail problem; answers 'queued'.
   */
  send: (message: MailMessage, options?: { tx?: Db }) => Promise<MailStatus>;
  /** Like send, without waiting: for answers whose timing must not depend on whether mail goes out. */
  sendLater: (message: MailMessage) => void;
  /**
   * Resolves once every message handed to send/sendLater is queued and no mail job is due any more
   * (each has been sent, logged, or failed and waits for a retry that is not due on the app clock).
   */
  settled: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Outgoing mail goes through the job queue (docs/product.md §D9): send() writes the outbox row and queues a
 * `mail` job; the job sends through nodemailer when SMTP_URL is set, retried with exponential backoff
 * when SMTP fails, and records each attempt on the row (state, attempts, reason). Every message is kept
 * in mail_outbox with every secret the template marked redacted (docs/product.md §F4: no one reads
 * another person's link); the real message is only in the job's payload, which no route reads and which
 * is gone when the job ends (graphile-worker deletes a finished job; the last failed attempt ends the job
 * instead of leaving it failed with its payload). Without SMTP_URL a message's secret links are written
 * to the log once, the only copy, so the operator of a local install can pass them on. The log never
 * carries a mail's text or address.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
    const pending = new Set<Promise<unknown>>();

    const setRow = async (id: number, values: Partial<typeof mailOutbox.$inferInsert>) => {
      await app.db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
    };

    app.jobs.define('mail', async (payload, helpers) => {
      const { outboxId, message } = payload as MailJob;
      const { secrets = [] } = message;
      const attempts = helpers.job.attempts;
      const now = config.now();
      const ref = `outbox mail #${outboxId}`;
      if (!transport) {
        await setRow(outboxId, { status: 'logged', attempts, lastAttemptAt: now, nextAttemptAt: null });
        if (secrets.length > 0) {
          const links = secrets.filter((s) => /^https?:\/\//.test(s));
          // The one place a secret link is written down: the operator of a local install without SMTP.
          app.log.warn(
            { mailId: outboxId },
            `No SMTP_URL: ${ref} ("${redactSecrets(message).subject}" to ${maskEmail(message.to)}) was not sent. ` +
              `Its link, shown only here and kept nowhere else: ${(links.length ? links : secrets).join(' ')}`,
          );
        } else app.log.info({ mailId: outboxId }, `No SMTP_URL: ${ref} kept in the outbox only`);
        return;
      }
      try {
        await transport.sendMail(outgoingMail(message, config));
      } catch (cause) {
        const raw = cause instanceof Error ? cause.message : String(cause);
        const error = redactSecrets({ ...message, text: raw }).text;
        const last = attempts >= helpers.job.max_attempts;
        // graphile-worker's backoff: the next attempt waits e^attempts seconds (capped at e^10).
        const nextAttemptAt = last ? null : new Date(now.getTime() + Math.exp(Math.min(attempts, 10)) * 1000);
        await setRow(outboxId, { status: 'failed', error, attempts, lastAttemptAt: now, nextAttemptAt });
        app.log.error(
          { mailId: outboxId, attempts, error },
          last ? `${ref} not sent, given up after ${attempts} attempts` : `${ref} not sent, will retry`,
        );
        // Thrown: graphile-worker retries later. The last attempt returns instead, so the job (and the
        // real message in its payload) is deleted rather than kept as a permanently failed job.
        if (!last) throw new Error(error);
        return;
      }
      await setRow(outboxId, {
        status: 'sent',
        error: null,
        attempts,
        lastAttemptAt: now,
        nextAttemptAt: null,
        sentAt: now,
      });
    });

    // With `tx`, the mail is queued inside that transaction (a reminder's sent-log row and its mail
    // commit together or not at all). The outbox row and its job are ONE statement, atomic without a
    // transaction of its own: one round trip, not four (docs/adr/0032).
    const send: Mailer['send'] = async (message, options = {}) => {
      try {
        const kept = redactSecrets(message);
        const db = options.tx ?? app.db;
        const row = db
          .insert(mailOutbox)
          .values({
            to: message.to,
            subject: kept.subject,
            text: kept.text,
            html: kept.html,
            attachments: [
              ...(message.calendar
                ? [
                    {
                      filename: message.calendar.filename,
                      contentType: `text/calendar; charset=utf-8; method=${message.calendar.method}`,
                    },
                  ]
                : []),
              ...(message.attachments ?? []).map(({ filename, contentType }) => ({ filename, contentType })),
            ],
            status: 'queued',
            createdAt: config.now(),
          })
          .returning({ id: mailOutbox.id })
          .getSQL();
        // The job's payload is MailJob: { outboxId, message }.
        await db.execute(sql`
          with queued as (${row})
          select graphile_worker.add_job('mail',
            json_build_object('outboxId', queued.id, 'message', ${JSON.stringify(message)}::json),
            max_attempts := ${MAIL_MAX_ATTEMPTS})
          from queued`);
        return 'queued';
      } catch (cause) {
        if (options.tx) throw cause;
        app.log.error({ err: cause }, 'mail not queued');
        return 'failed';
      }
    };

    const sendLater = (message: MailMessage) => {
      const job = send(message).finally(() => pending.delete(job));
      pending.add(job);
    };

    const settled = async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await app.jobs.runDue({ tick: false, tasks: ['mail'] });
    };

    app.decorate('mailer', { send, sendLater, settled });
    app.addHook('onClose', async () => {
      // Queued mail waits in the database for the next start; only what is being queued is awaited.
      while (pending.size > 0) await Promise.allSettled([...pending]);
      transport?.close();
    });
  },
  { name: 'mailer', dependencies: ['config', 'database', 'jobs'] },
);
