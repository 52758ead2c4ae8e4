import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, parseMail } from './mime.ts';

export interface ReceivedMail extends ParsedMail {
  /** Envelope recipients (RCPT TO), lower-case. */
  recipients: string[];
  raw: string;
}

export interface Mailbox {
  /** Pass as the server's SMTP_URL. */
  smtpUrl: string;
  messages: ReceivedMail[];
  /** Resolves with the first mail (already received or still to come) to `to` that matches. */
  waitForMail(
    to: string,
    predicate?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A loopback SMTP server that keeps every message, so journeys can follow links sent by mail. */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // No certificate here: never offer STARTTLS, so the app's mailer stays on plain loopback SMTP.
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        messages.push({ ...parseMail(raw), recipients, raw });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const waitForMail: Mailbox['waitForMail'] = (to, predicate = () => true, timeoutMs = 15_000) => {
    const address = to.toLowerCase();
    const find = () =>
      messages.find(
        (mail) => (mail.recipients.includes(address) || mail.to.includes(address)) && predicate(mail),
      );
    return new Promise((resolve, reject) => {
      const check = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        const seen = messages
          .map((mail) => `  - to ${mail.recipients.join(', ')}: ${mail.subject}`)
          .join('\n');
        reject(
          new Error(`No matching mail to ${to} within ${timeoutMs} ms. Received:\n${seen || '  (none)'}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  };

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
