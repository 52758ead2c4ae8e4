import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

const PURPOSE = 'mail-reply';
/** 128 bits of the HMAC, in lower-case hex: mail systems may change the case of an address's local part. */
const MARK_LENGTH = 32;

const mark = (secret: string, userId: number, projectId: number) =>
  createHmac('sha256', secret)
    .update(`${PURPOSE}:${userId}:${projectId}`)
    .digest('hex')
    .slice(0, MARK_LENGTH);

/**
 * The token of one person's replies to one project's mail: both ids and an HMAC-SHA256 of them under the
 * server secret, as the signed unsubscribe links are made (modules/chat/chat-unsubscribe-token.ts), but
 * in hex, so it survives a mailbox that lower-cases the address. It needs no expiry and no version: who
 * may post is decided when the reply arrives (receive-reply.ts), not by the token.
 */
export function replyToken(secret: string, userId: number, projectId: number): string {
  return `${userId}.${projectId}.${mark(secret, userId, projectId)}`;
}

/** The user and project a token was signed for, or null for anything forged, altered or malformed. */
export function verifyReplyToken(
  secret: string,
  token: string,
): { userId: number; projectId: number } | null {
  const match = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([0-9a-f]{32})$/.exec(token.toLowerCase());
  if (!match) return null;
  const userId = Number(match[1]);
  const projectId = Number(match[2]);
  if (userId > 2_147_483_647 || projectId > 2_147_483_647) return null;
  const expected = Buffer.from(mark(secret, userId, projectId));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, projectId } : null;
}

/** `reply+<token>@<domain>`: the Reply-To of a project mail to this person. */
export function replyAddress(
  config: { inboundMailDomain: string },
  secret: string,
  userId: number,
  projectId: number,
): string {
  return `reply+${replyToken(secret, userId, projectId)}@${config.inboundMailDomain}`;
}

/**
 * The token of an address of the inbound domain (`reply+<token>@<domain>`, any case), or null for any
 * other address. The signature is not checked here (verifyReplyToken does).
 */
export function tokenOfAddress(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const local = address.slice(0, at).toLowerCase();
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  return local.startsWith('reply+') ? local.slice('reply+'.length) : null;
}

/**
 * The Reply-To of a project mail to this person, when replies can come back (the SMTP receiver or the
 * provider route is set up); otherwise none, so a reply goes where the mail came from, as before.
 */
export function projectReplyTo(
  config: { inboundMailDomain: string; inboundSmtpPort: number | null; inboundMailSecret: string | null },
  secret: string,
  userId: number,
  projectId: number,
): string | undefined {
  if (config.inboundSmtpPort === null && config.inboundMailSecret === null) return undefined;
  return replyAddress(config, secret, userId, projectId);
}

export type ReplyConfig = Parameters<typeof projectReplyTo>[0];

/**
 * The mail with the Reply-To of its recipient's replies to the project, found by the address it goes to
 * (for mails built from addresses, such as the call mails); as it was for an address of no user.
 */
export async function withProjectReplyTo<M extends { to: string }>(
  db: Db,
  config: ReplyConfig,
  secret: string,
  message: M,
  projectId: number,
): Promise<M & { replyTo?: string }> {
  if (config.inboundSmtpPort === null && config.inboundMailSecret === null) return message;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${message.to})`)
    .limit(1);
  const replyTo = user ? projectReplyTo(config, secret, user.id, projectId) : undefined;
  return replyTo ? { ...message, replyTo } : message;
}
