import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { MailMessage } from './message.ts';

/** The bare address of `Name <address>` or of an address alone. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The domain of the sender's address, lower case: every Message-ID is written with it. */
export function mailDomainOf(from: string): string {
  return (addressOf(from).split('@').pop() ?? '').toLowerCase();
}

/**
 * Why no mailbox can be at the sender's domain, or null when it can (docs/product.md §D10): an IP
 * address, `localhost` (and its subdomains) or a name with no dot. Mail from such a domain is refused or
 * spam-foldered by the big providers, and replies to it bounce.
 */
export function senderDomainProblem(domain: string): 'ip' | 'local' | null {
  if (isIP(domain.replace(/^\[|\]$/g, '')) !== 0) return 'ip';
  if (domain === 'localhost' || domain.endsWith('.localhost') || !domain.includes('.')) return 'local';
  return null;
}

/** A fresh Message-ID in the sender's domain (RFC 5322 §3.6.4): random left part, our right part. */
export const newMessageId = (domain: string) => `<${randomUUID()}@${domain}>`;

export type SenderConfig = {
  mailFrom: string;
  mailReplyTo: string | null;
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
};

/**
 * What nodemailer is given for one message: the sender, a Message-ID in the sender's domain, and the
 * Reply-To / Auto-Submitted pair of docs/product.md §D10: a mail someone may answer gets its own
 * Reply-To (a person, or later the project's reply address), else MAIL_REPLY_TO when set; every other
 * mail is a notice and says so with `Auto-Submitted: auto-generated` (RFC 3834), so auto-responders
 * stay quiet. A calendar invitation goes as nodemailer's `icalEvent`: a `text/calendar; method=…`
 * alternative part, which calendar clients read as an invitation, plus the same file attached. With a
 * DKIM key, nodemailer signs the message as it leaves (RFC 6376, relaxed/relaxed, rsa-sha256).
 */
export function outgoingMail(message: MailMessage, config: SenderConfig) {
  const { secrets: _secrets, replyTo, invitesAnswer, calendar, headers, ...rest } = message;
  const answerable = Boolean(invitesAnswer || replyTo);
  const reply = replyTo ?? (answerable ? config.mailReplyTo : null);
  return {
    ...rest,
    from: config.mailFrom,
    messageId: newMessageId(mailDomainOf(config.mailFrom)),
    ...(reply ? { replyTo: reply } : {}),
    headers: { ...headers, ...(answerable ? {} : { 'Auto-Submitted': 'auto-generated' }) },
    ...(calendar
      ? { icalEvent: { method: calendar.method, filename: calendar.filename, content: calendar.content } }
      : {}),
    ...(config.dkim ? { dkim: config.dkim } : {}),
  };
}
