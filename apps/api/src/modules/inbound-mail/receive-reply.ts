import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import {
  can,
  isAdminRole,
  MAX_FILE_SIZE,
  MESSAGE_FILES_MAX,
  MESSAGE_POST_LIMIT_PER_MINUTE,
  messageBodyField,
  type Role,
  TEXT_MAX,
} from '@dd/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import type { Db } from '../../db/client.ts';
import { inboundReplies } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { postMessage, postsInOneStatement } from '../chat/message-service.ts';
import { isMimeType } from '../files/data-url.ts';
import { deleteProjectFile, storeProjectFileStream } from '../files/project-files.ts';
import { maskEmail } from '../mail/mask-email.ts';
import { loadProjectRef } from '../projects/load-project.ts';
import { autoReplyReason } from './auto-reply.ts';
import { withinLimit } from './inbound-limit.ts';
import { tokenOfAddress, verifyReplyToken } from './reply-token.ts';
import { stripReply } from './strip-reply.ts';

/**
 * The largest mail taken in (SMTP SIZE and the provider route's body limit): one attachment of the chat's
 * 25,000,000-byte limit, base64-encoded, with room for the text.
 */
export const INBOUND_MAIL_MAX_BYTES = 35_000_000;

export type InboundContext = {
  db: Db;
  log: FastifyBaseLogger;
  secret: string;
  config: { inboundMailDomain: string; now: () => Date };
};

export type DropReason =
  | 'unknown-recipient'
  | 'forged-token'
  | 'auto-reply'
  | 'wrong-sender'
  | 'left-project'
  | 'replay'
  | 'empty';

export type ReplyOutcome =
  | { result: 'posted'; messageId: number }
  | { result: 'dropped'; reason: DropReason };

/** Thrown when the reply may be posted but not now (the person's post limit): the sender should try again. */
export class ReplyDeferred extends Error {}

const CHAT_POST_WINDOW_MS = 60_000;

const addressesOf = (value: AddressObject | AddressObject[] | undefined): string[] =>
  [value ?? []]
    .flat()
    .flatMap((o) => o.value)
    .flatMap((a) => [a.address ?? '', ...(a.group ?? []).map((g) => g.address ?? '')])
    .filter(Boolean);

/** The address as compared: lower case, its domain in punycode (so `müller.de` and `xn--mller-kva.de` are one). */
function comparable(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address.toLowerCase();
  const domain = address.slice(at + 1);
  return `${address.slice(0, at)}@${domainToASCII(domain) || domain}`.toLowerCase();
}

/** Where the mail was sent: the SMTP envelope when there is one, else the headers a provider keeps. */
function recipientsOf(mail: ParsedMail, envelope: readonly string[]): string[] {
  if (envelope.length > 0) return [...envelope];
  const extra = ['delivered-to', 'x-original-to', 'envelope-to']
    .map((name) => mail.headers.get(name))
    .flatMap((v) =>
      typeof v === 'string'
        ? [v]
        : v && typeof v === 'object' && 'value' in v
          ? addressesOf(v as AddressObject)
          : [],
    );
  return [...addressesOf(mail.to), ...addressesOf(mail.cc), ...extra];
}

/** The reply's key against replays: its Message-ID, or for a mail without one a hash of its bytes. */
function mailKeyOf(mail: ParsedMail, raw: Buffer): string {
  const id = mail.messageId?.trim().toLowerCase();
  return id ? `id:${id}` : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/**
 * Whether the person still takes part in the project: they may post in its chat (can(), which for a
 * client is owning it or being one of its clients) and, being staff, are on its team (owner, account
 * manager or member) unless admin-level, whose role reaches every project.
 */
async function stillTakesPart(db: Db, user: { id: number; role: Role }, projectId: number): Promise<boolean> {
  let ref: Awaited<ReturnType<typeof loadProjectRef>>;
  try {
    ref = await loadProjectRef(db, projectId);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
  if (!can(user, 'project:chat-post', ref)) return false;
  if (user.role === 'client' || isAdminRole(user.role)) return true;
  const result = (await db.execute(sql`
    select exists (select 1 from projects p where p.id = ${projectId}
        and (p.owner_id = ${user.id} or p.account_manager_id = ${user.id}))
      or exists (select 1 from project_members m where m.project_id = ${projectId} and m.user_id = ${user.id})
      as member`)) as unknown as { rows: Array<{ member: boolean }> };
  return result.rows[0]?.member === true;
}

/** The text to post: the reply without its history and signature, within the chat's limits. */
function bodyOf(mail: ParsedMail, fileNames: string[]): string | null {
  const written = stripReply(mail.text ?? '')
    .slice(0, TEXT_MAX.long)
    .trim();
  const body = written !== '' ? written : fileNames.join(', ').slice(0, TEXT_MAX.long);
  return messageBodyField.safeParse(body).success ? body : null;
}

/**
 * Takes one mail sent to a reply address (`reply+<token>@<inbound domain>`) and posts it in the
 * project's chat as the person the token was made for, through the chat's own post (the live event,
 * mentions and missed-message mail follow as for a post from the page). A mail that must not be posted
 * is dropped with its reason logged: no token of this domain, a forged one, an automatic answer, a
 * sender who is not the token's person, a person who no longer takes part, a mail seen before, nothing
 * written. `envelope`: the SMTP recipients (empty for a provider's raw mail, whose headers say it).
 */
export async function receiveReply(
  ctx: InboundContext,
  raw: Buffer,
  envelope: readonly string[] = [],
): Promise<ReplyOutcome> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const drop = (reason: DropReason, detail: Record<string, unknown> = {}): ReplyOutcome => {
    ctx.log.warn({ inboundMail: { reason, ...detail } }, `inbound mail dropped (${reason}), not posted`);
    return { result: 'dropped', reason };
  };
  const tokens = recipientsOf(mail, envelope)
    .map((address) => tokenOfAddress(address, ctx.config.inboundMailDomain))
    .filter((t): t is string => t !== null);
  if (tokens.length === 0) return drop('unknown-recipient');
  const signed = tokens.map((t) => verifyReplyToken(ctx.secret, t)).find((s) => s !== null);
  if (!signed) return drop('forged-token');
  const who = { userId: signed.userId, projectId: signed.projectId };
  const automatic = autoReplyReason(mail.headers, mail.subject ?? '');
  if (automatic) return drop('auto-reply', { ...who, why: automatic });

  const found = (await ctx.db.execute(
    sql`select id, role, email, is_active from users where id = ${signed.userId}`,
  )) as unknown as { rows: Array<{ id: number; role: Role; email: string; is_active: boolean }> };
  const user = found.rows[0];
  const from = addressesOf(mail.from);
  if (!user || from.length !== 1 || comparable(from[0]!) !== comparable(user.email))
    return drop('wrong-sender', { ...who, from: from.map(maskEmail) });
  if (
    !user.is_active ||
    !(await stillTakesPart(ctx.db, { id: Number(user.id), role: user.role }, signed.projectId))
  )
    return drop('left-project', who);

  const now = ctx.config.now();
  const claimed = await ctx.db
    .insert(inboundReplies)
    .values({
      mailKey: mailKeyOf(mail, raw),
      userId: signed.userId,
      projectId: signed.projectId,
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: inboundReplies.id });
  if (claimed.length === 0) return drop('replay', who);
  const claim = claimed[0]!.id;

  const stored: number[] = [];
  try {
    const attachments = mail.attachments.filter((a) => !a.related && a.size <= MAX_FILE_SIZE);
    const names: string[] = [];
    for (const file of attachments.slice(0, MESSAGE_FILES_MAX)) {
      const title = (file.filename ?? 'attachment').trim().slice(0, 255) || 'attachment';
      const mime = isMimeType(file.contentType) ? file.contentType.toLowerCase() : 'application/octet-stream';
      const row = await storeProjectFileStream(
        ctx.db,
        { projectId: signed.projectId, title, mime, uploadedById: signed.userId },
        [file.content],
      );
      stored.push(row.id);
      names.push(title);
    }
    if (mail.attachments.length > stored.length)
      ctx.log.warn(
        { inboundMail: { ...who, left: mail.attachments.length - stored.length } },
        'inbound mail: attachments over the chat limits left out',
      );
    const body = bodyOf(mail, names);
    if (body === null) {
      await ctx.db.delete(inboundReplies).where(eq(inboundReplies.id, claim));
      for (const id of stored) await deleteProjectFile(ctx.db, signed.projectId, id);
      return drop('empty', who);
    }
    const limit = {
      key: `chat-post:${signed.userId}`,
      max: MESSAGE_POST_LIMIT_PER_MINUTE,
      windowMs: CHAT_POST_WINDOW_MS,
    };
    // A post with files or an '@' is not counted by its own statement (message-service.ts): counted here.
    if (
      !postsInOneStatement({ body, files: stored }) &&
      !(await withinLimit(ctx.db, limit.key, limit.max, limit.windowMs))
    )
      throw new ReplyDeferred('post limit');
    const message = await postMessage(ctx.db, {
      projectId: signed.projectId,
      authorId: signed.userId,
      body,
      replyTo: null,
      files: stored,
      now,
      limit,
    });
    await ctx.db.update(inboundReplies).set({ messageId: message.id }).where(eq(inboundReplies.id, claim));
    ctx.log.info(
      { inboundMail: { ...who, messageId: message.id, files: stored.length } },
      'inbound mail posted in the chat',
    );
    return { result: 'posted', messageId: message.id };
  } catch (error) {
    // Not posted: the mail may come again (the sender retries a deferred one) and must not count as seen.
    await ctx.db.delete(inboundReplies).where(eq(inboundReplies.id, claim));
    for (const id of stored) await deleteProjectFile(ctx.db, signed.projectId, id).catch(() => {});
    if (error instanceof AppError && error.code === 'too_many_requests')
      throw new ReplyDeferred('post limit');
    throw error;
  }
}
