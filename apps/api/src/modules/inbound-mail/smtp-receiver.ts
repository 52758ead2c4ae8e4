import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { withinLimit } from './inbound-limit.ts';
import { INBOUND_MAIL_MAX_BYTES, type InboundContext, ReplyDeferred, receiveReply } from './receive-reply.ts';
import { tokenOfAddress, verifyReplyToken } from './reply-token.ts';

export type ReceiverLimits = {
  /** The largest mail, in bytes (announced as SIZE; a longer one is refused with 552). */
  maxBytes: number;
  /** Mails one connecting address may send in `windowMs` before MAIL FROM is answered 450. */
  mailsPerAddress: number;
  windowMs: number;
  /** Reply addresses one mail may be sent to. */
  recipientsPerMail: number;
};

export const RECEIVER_LIMITS: ReceiverLimits = {
  maxBytes: INBOUND_MAIL_MAX_BYTES,
  mailsPerAddress: 60,
  windowMs: 10 * 60_000,
  recipientsPerMail: 5,
};

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/**
 * The built-in SMTP receiver of replies (INBOUND_SMTP_PORT; docs/deployment.md says how to point an MX
 * at it). Plain SMTP without AUTH, as mail servers deliver to an MX: only addresses `reply+<token>@` the
 * inbound domain whose token is signed by this server are accepted, every other recipient is refused
 * at RCPT (550), so nothing else is ever taken in; a mail over the size limit is refused (552), a
 * connecting address over its rate is told to come back later (450). An accepted mail goes to
 * receiveReply, which posts it or drops it with its reason logged; a mail that can only be posted later
 * (the person's post limit, the database away) is answered 451 so the sending server tries again.
 */
export async function startReplyReceiver(
  ctx: InboundContext,
  options: { port: number; host: string; limits?: Partial<ReceiverLimits> },
): Promise<{ port: number; close: () => Promise<void> }> {
  const limits = { ...RECEIVER_LIMITS, ...options.limits };
  const server = new SMTPServer({
    name: ctx.config.inboundMailDomain,
    banner: 'Delivery Desk reply receiver',
    authOptional: true,
    // No accounts to sign in to; no certificate of the inbound domain to offer (docs/deployment.md).
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    size: limits.maxBytes,
    maxClients: 50,
    socketTimeout: 60_000,
    logger: false,
    onMailFrom(_address, session, callback) {
      withinLimit(ctx.db, `inbound-smtp:${session.remoteAddress}`, limits.mailsPerAddress, limits.windowMs)
        .then((ok) => {
          if (ok) return callback();
          ctx.log.warn(
            { inboundMail: { reason: 'rate' } },
            'inbound mail refused: too many from one address',
          );
          callback(smtpError(450, '4.7.1 Too many mails, try again later'));
        })
        .catch(() => callback(smtpError(451, '4.3.0 Try again later')));
    },
    onRcptTo(address, session, callback) {
      const token = tokenOfAddress(address.address, ctx.config.inboundMailDomain);
      if (token === null || verifyReplyToken(ctx.secret, token) === null) {
        ctx.log.info(
          { inboundMail: { reason: token === null ? 'unknown-recipient' : 'forged-token' } },
          'inbound mail refused at RCPT',
        );
        return callback(smtpError(550, '5.1.1 No such recipient'));
      }
      if (session.envelope.rcptTo.length >= limits.recipientsPerMail)
        return callback(smtpError(452, '4.5.3 Too many recipients'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limits.maxBytes) chunks.push(chunk);
      });
      stream.on('error', () => callback(smtpError(451, '4.3.0 Try again later')));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > limits.maxBytes) {
          ctx.log.warn(
            { inboundMail: { reason: 'oversize', bytes: size } },
            'inbound mail refused: too large',
          );
          return callback(smtpError(552, '5.3.4 Message too big'));
        }
        const envelope = session.envelope.rcptTo.map((r) => r.address);
        receiveReply(ctx, Buffer.concat(chunks), envelope)
          .then(() => callback())
          .catch((error: unknown) => {
            if (!(error instanceof ReplyDeferred)) ctx.log.error({ err: error }, 'inbound mail not taken in');
            callback(smtpError(451, '4.3.0 Try again later'));
          });
      });
    },
  });
  server.on('error', (error) => ctx.log.error({ err: error }, 'inbound SMTP receiver error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
