import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { oneRow } from '../../lib/one-row.ts';
import { renderMarkdownHtml } from '../../lib/render-markdown.ts';
import { renderUpdateText } from '../digest/render-update.ts';
import { projectReplyTo } from '../inbound-mail/reply-token.ts';
import { escapeHtml, mailDocument } from '../mail/layout.ts';
import type { JobContext } from '../reminders/call-reminders.ts';
import { zoneOf } from '../reminders/local-time.ts';
import { chatUnsubscribeUrl } from './chat-unsubscribe-token.ts';

const MINUTE = 60_000;
/** Unread for this long (and not read since) before a mail tells of it. */
export const MISSED_AFTER_MS = 10 * MINUTE;
/** A mention is told of sooner. */
export const MENTION_AFTER_MS = MINUTE;
/** At most one missed-message mail per user and project in this time (mentions excepted). */
export const MAIL_GAP_MS = 60 * MINUTE;
/** Only the last day's messages are mailed about: an old backlog is for the chat itself. */
const LOOKBACK_MS = 24 * 60 * MINUTE;
const MAX_LISTED = 20;

/** The job's context, with what a mail's Reply-To needs (modules/inbound-mail). */
type MissedMailContext = Omit<JobContext, 'config'> & {
  secret: string;
  config: JobContext['config'] & Parameters<typeof projectReplyTo>[0];
};

type Due = { user_id: number; project_id: number };
type Listed = { id: number; body: string; created_at: Date; author_name: string | null };

/**
 * The missed-message mail (docs/adr/0022-project-chat.md), run by the minute tick: each person of a
 * project (owner, members, account manager) with messages by others after both their read marker and
 * the last mail, at least 10 minutes old (1 minute after it mentions them, an edit's new mention from
 * the edit), gets one mail for that
 * project, at most one an hour (a new mention excepted). The claim is an upsert of their message_reads
 * row guarded by the same conditions, in the transaction that queues the mail, so several processes
 * or a repeated tick send it once.
 */
export async function sendMissedMessageMails(ctx: MissedMailContext, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOOKBACK_MS);
  const quietBefore = new Date(now.getTime() - MISSED_AFTER_MS);
  const mentionBefore = new Date(now.getTime() - MENTION_AFTER_MS);
  const gapBefore = new Date(now.getTime() - MAIL_GAP_MS);
  const due = (await ctx.db.execute(sql`
    with active as (
      select distinct project_id from messages
      where created_at > ${since} and created_at <= ${mentionBefore} and deleted_at is null
    ), people as (
      select p.id as project_id, p.owner_id as user_id from projects p join active a on a.project_id = p.id
        where p.owner_id is not null
      union select p.id, p.account_manager_id from projects p join active a on a.project_id = p.id
        where p.account_manager_id is not null
      union select m.project_id, m.user_id from project_members m join active a on a.project_id = m.project_id
    )
    select pe.user_id, pe.project_id from people pe
    join users u on u.id = pe.user_id and u.is_active
    left join message_reads r on r.user_id = pe.user_id and r.project_id = pe.project_id
    where coalesce(r.mail_enabled, true)
      and exists (
        select 1 from messages m
        where m.project_id = pe.project_id and m.deleted_at is null and m.created_at > ${since}
          and m.id > greatest(coalesce(r.last_read_id, 0), coalesce(r.mailed_through_id, 0))
          and m.author_id is distinct from pe.user_id
          and ((m.created_at <= ${quietBefore} and (r.mailed_at is null or r.mailed_at <= ${gapBefore}))
            or exists (
              select 1 from message_mentions mm where mm.message_id = m.id and mm.user_id = pe.user_id
                and mm.created_at <= ${mentionBefore})))
    limit 500`)) as unknown as { rows: Due[] };
  let sent = 0;
  for (const row of due.rows) {
    sent += await oneRow(ctx.log, 'missed chat messages mail', row, () =>
      mailOne(ctx, Number(row.user_id), Number(row.project_id), now),
    );
  }
  return sent;
}

async function mailOne(ctx: MissedMailContext, userId: number, projectId: number, now: Date) {
  const since = new Date(now.getTime() - LOOKBACK_MS);
  return ctx.db.transaction(async (tx) => {
    // The row as it stands, locked: another process's claim waits here and then finds nothing to send.
    await tx.execute(sql`
      insert into message_reads (user_id, project_id) values (${userId}, ${projectId})
      on conflict (user_id, project_id) do nothing`);
    const state = (await tx.execute(sql`
      select r.last_read_id, r.mailed_through_id, r.mailed_at, r.mail_enabled, r.mail_token_version, u.name, u.email, u.timezone,
        p.title from message_reads r join users u on u.id = r.user_id join projects p on p.id = r.project_id
      where r.user_id = ${userId} and r.project_id = ${projectId} for update of r`)) as unknown as {
      rows: Array<{
        last_read_id: number;
        mailed_through_id: number;
        mailed_at: Date | null;
        mail_enabled: boolean;
        mail_token_version: number;
        name: string;
        email: string;
        timezone: string | null;
        title: string;
      }>;
    };
    const reader = state.rows[0];
    if (!reader?.mail_enabled) return 0;
    const after = Math.max(Number(reader.last_read_id), Number(reader.mailed_through_id));
    const mailedAt = reader.mailed_at ? new Date(reader.mailed_at) : null;
    const gapOver = mailedAt === null || now.getTime() - mailedAt.getTime() >= MAIL_GAP_MS;
    const listed = (await tx.execute(sql`
      select m.id, m.body, m.created_at, u.name as author_name,
        (select mm.created_at from message_mentions mm where mm.message_id = m.id and mm.user_id = ${userId})
          as mentioned_at
      from messages m left join users u on u.id = m.author_id
      where m.project_id = ${projectId} and m.id > ${after} and m.deleted_at is null and m.created_at > ${since}
        and m.created_at <= ${now} and m.author_id is distinct from ${userId}
      order by m.id limit ${MAX_LISTED}`)) as unknown as {
      rows: Array<Listed & { mentioned_at: Date | null }>;
    };
    const quietEnough = listed.rows.some(
      (m) => new Date(m.created_at).getTime() <= now.getTime() - MISSED_AFTER_MS,
    );
    const mentionDue = listed.rows.some(
      (m) =>
        m.mentioned_at !== null && new Date(m.mentioned_at).getTime() <= now.getTime() - MENTION_AFTER_MS,
    );
    if (!((quietEnough && gapOver) || mentionDue)) return 0;
    const through = Math.max(...listed.rows.map((m) => Number(m.id)));
    await tx.execute(sql`
      update message_reads set mailed_through_id = ${through}, mailed_at = ${now}
      where user_id = ${userId} and project_id = ${projectId}`);
    const mail = missedMessagesMail({
      productName: ctx.config.productName,
      recipientName: reader.name,
      timezone: zoneOf(reader.timezone),
      projectTitle: reader.title,
      chatUrl: `${ctx.config.publicUrl}/project/chat/${projectId}`,
      unsubscribeUrl: chatUnsubscribeUrl(
        ctx.config.publicUrl,
        ctx.secret,
        userId,
        projectId,
        Number(reader.mail_token_version),
      ),
      messages: listed.rows.map((m) => ({
        authorName: m.author_name,
        markdown: m.body,
        createdAt: new Date(m.created_at),
      })),
    });
    const replyTo = projectReplyTo(ctx.config, ctx.secret, userId, projectId);
    await ctx.mailer.send({ to: reader.email, ...mail, ...(replyTo ? { replyTo } : {}) }, { tx });
    return 1;
  });
}

type MissedMail = {
  productName: string;
  recipientName: string;
  timezone: string;
  projectTitle: string;
  chatUrl: string;
  unsubscribeUrl: string;
  messages: Array<{ authorName: string | null; markdown: string; createdAt: Date }>;
};

const when = (at: Date, zone: string) =>
  DateTime.fromJSDate(at, { zone }).setLocale('en-US').toFormat('LLL d, h:mm a');

/** The mail: the unread messages (markdown rendered safely), a link to the chat and one-click unsubscribe. */
export function missedMessagesMail(mail: MissedMail) {
  const count = mail.messages.length;
  const subject = `${count} unread ${count === 1 ? 'message' : 'messages'} in ${mail.projectTitle}`;
  const text = [`Hello ${mail.recipientName},`, '', `You have unread messages in ${mail.projectTitle}:`, ''];
  const html: string[] = [];
  for (const m of mail.messages) {
    const by = `${m.authorName ?? 'Former member'}, ${when(m.createdAt, mail.timezone)}`;
    text.push(`-- ${by}`, renderUpdateText(m.markdown), '');
    html.push(
      `<p style="margin:16px 0 4px;color:#616e7c;font-size:14px">${escapeHtml(by)}</p>`,
      `<div style="border-left:3px solid #dee2e6;padding-left:12px">${renderMarkdownHtml(m.markdown)}</div>`,
    );
  }
  const footnote = `You receive this because you are on ${mail.projectTitle} and had not read these messages.`;
  text.push(
    `Open the chat: ${mail.chatUrl}`,
    '',
    footnote,
    `Unsubscribe: ${mail.unsubscribeUrl}`,
    '',
    `— ${mail.productName}`,
    '',
  );
  const body = mailDocument(
    { productName: mail.productName, greeting: `Hello ${mail.recipientName},`, width: 640 },
    `<p style="margin:0 0 16px">${escapeHtml(`You have unread messages in ${mail.projectTitle}:`)}</p>
${html.join('\n')}
<p style="margin:24px 0 0"><a href="${escapeHtml(mail.chatUrl)}" style="color:#1c7ed6">Open the chat</a></p>
<p style="margin:32px 0 0;color:#616e7c;font-size:14px">${escapeHtml(footnote)} <a href="${escapeHtml(mail.unsubscribeUrl)}">Unsubscribe</a></p>`,
  );
  return {
    subject,
    // About a project: people may answer it (docs/product.md §D10), so it is no auto-generated notice.
    invitesAnswer: true,
    text: text.join('\n'),
    html: body,
    headers: {
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    secrets: [mail.unsubscribeUrl],
  };
}
