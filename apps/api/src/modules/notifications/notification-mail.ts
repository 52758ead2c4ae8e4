import { NOTIFICATION_MAIL_INTERVAL_MINUTES, TASK_STATUS } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../plugins/app/mailer.ts';
import { unsubscribeToken } from '../digest/unsubscribe-token.ts';
import { projectReplyTo } from '../inbound-mail/reply-token.ts';
import { escapeHtml, mailDocument } from '../mail/layout.ts';
import { callActionLinks } from '../scheduled-calls/call-action-link.ts';
import { queueNotificationMails, rowsOf } from './notify.ts';

export const NOTIFICATION_UNSUBSCRIBE_PURPOSE = 'notification-unsubscribe';
/** Most entries one mail lists; the rest wait for the next mail. */
const MAX_PER_MAIL = 50;

type Context = {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<
    Config,
    'productName' | 'publicUrl' | 'inboundMailDomain' | 'inboundSmtpPort' | 'inboundMailSecret'
  >;
  secret: string;
};

/** An entry of the mail; a call waiting for approval carries its signed Approve and Decline links. */
type Pending = { id: number; title: string; link: string; actions?: Array<{ label: string; link: string }> };

/** A notification waiting for mail, with the present state of the call or task it is about. */
type WaitingRow = {
  id: string | number;
  title: string;
  link: string;
  kind: string;
  subject_id: number | null;
  project_id: number | null;
  call_status: string | null;
  call_client: string | null;
  call_project: string | null;
  task_status: number | null;
  task_title: string | null;
  task_project: string | null;
};

const CALL_OUTCOME: Record<string, string> = {
  booked: 'it was approved',
  cancelled: 'it was declined or cancelled',
};
const DECISION: Partial<Record<number, string>> = {
  [TASK_STATUS.accepted]: 'accepted',
  [TASK_STATUS.rejected]: 'rejected',
};

/**
 * A mail entry as things stand when the mail is built, not when the notification was written: a batch
 * can wait minutes, and meanwhile someone may have approved the call or decided the delivery. A call
 * still waiting carries its one-click Approve and Decline links (docs/product.md §F1); one approved,
 * declined or gone says so and carries none. A delivery decided since says how.
 */
function entryAsOfNow(row: WaitingRow, secret: string, now: Date): Pending {
  const entry = { id: Number(row.id), title: row.title, link: row.link };
  if (row.kind === 'call-awaiting-approval' && row.subject_id !== null) {
    if (row.call_status === 'pending_approval')
      return { ...entry, actions: callActionLinks(secret, row.subject_id, now) };
    const outcome = (row.call_status && CALL_OUTCOME[row.call_status]) ?? 'the call no longer exists';
    const who = row.call_client ?? 'The client';
    const what = row.call_project ?? 'a project';
    return { ...entry, title: `${who} asked for a discovery call for "${what}": ${outcome}` };
  }
  const decided = row.task_status === null ? undefined : DECISION[row.task_status];
  if (row.kind === 'task-review-requested' && decided)
    return {
      ...entry,
      title: `"${row.task_title}" was delivered for review in "${row.task_project}" and was ${decided}`,
    };
  return entry;
}

export function notificationMail(input: {
  productName: string;
  publicUrl: string;
  recipientName: string;
  entries: Pending[];
  unsubscribeUrl: string;
}) {
  const { productName, publicUrl, entries, unsubscribeUrl } = input;
  const subject =
    entries.length === 1 ? entries[0]!.title : `${entries.length} new notifications in ${productName}`;
  const url = (link: string) => `${publicUrl}${link}`;
  const settingsUrl = `${publicUrl}/notification-settings`;
  const footnote =
    'You receive this because e-mail is on for these notifications. Choose which ones in your notification settings.';
  const text = [
    `Hello ${input.recipientName},`,
    '',
    ...entries.flatMap((e) => [
      `- ${e.title}`,
      `  ${url(e.link)}`,
      ...(e.actions ?? []).map((a) => `  ${a.label}: ${url(a.link)}`),
    ]),
    '',
    footnote,
    `Settings: ${settingsUrl}`,
    `Unsubscribe from these mails: ${unsubscribeUrl}`,
    '',
    `— ${productName}`,
    '',
  ].join('\n');
  const items = entries
    .map(
      (e) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(url(e.link))}" style="color:#1c7ed6">${escapeHtml(e.title)}</a>${
          e.actions?.length
            ? `<br>${e.actions
                .map(
                  (a) =>
                    `<a href="${escapeHtml(url(a.link))}" style="display:inline-block;margin:6px 8px 0 0;padding:6px 14px;border-radius:4px;background:#1c7ed6;color:#ffffff;text-decoration:none">${escapeHtml(a.label)}</a>`,
                )
                .join('')}`
            : ''
        }</li>`,
    )
    .join('\n');
  const html = mailDocument(
    { productName, greeting: `Hello ${input.recipientName},` },
    `<ul style="margin:0 0 16px;padding-left:20px">
${items}
</ul>
<p style="margin:32px 0 0;color:#616e7c;font-size:14px">${escapeHtml(footnote)} <a href="${escapeHtml(settingsUrl)}">Settings</a> · <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
  );
  return {
    subject,
    // About a project: people may answer it (docs/product.md §D10), so it is no auto-generated notice.
    invitesAnswer: true,
    text,
    html,
    headers: {
      // RFC 2369 and RFC 8058, as the digest: mail clients offer "Unsubscribe" and POST to it.
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    secrets: [unsubscribeUrl, ...entries.flatMap((e) => (e.actions ?? []).map((a) => url(a.link)))],
  };
}

/**
 * The `notification-mail` job of one user: every notification waiting for mail in ONE message, at most
 * one per 5 minutes (a job that comes early, e.g. added while the previous one was running, puts itself
 * off until then). The mail is queued, the rows marked and the time kept in one transaction, under a
 * per-user advisory lock so two workers never send the same rows.
 */
export async function sendNotificationMail(
  ctx: Context,
  userId: number,
  now: Date,
): Promise<'sent' | 'later' | 'nothing'> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('notification-mail'), ${userId}::int)`);
    const [user] = await rowsOf<{
      name: string;
      email: string;
      is_active: boolean;
      token_version: number;
      early: boolean | null;
    }>(
      tx,
      sql`
      select u.name, u.email, u.is_active, u.notification_token_version as token_version,
        (m.last_mailed_at + make_interval(mins => ${NOTIFICATION_MAIL_INTERVAL_MINUTES})) > ${now.toISOString()}::timestamptz as early
      from users u left join notification_mailings m on m.user_id = u.id where u.id = ${userId}`,
    );
    if (!user) return 'nothing';
    const pending = await rowsOf<WaitingRow>(
      tx,
      sql`
      select n.id, n.title, n.link, n.kind, n.subject_id, n.project_id,
        c.status as call_status, cu.name as call_client, cp.title as call_project,
        t.task_status_id as task_status, t.title as task_title, tp.title as task_project
      from notifications n
      left join scheduled_calls c
        on n.kind = 'call-awaiting-approval' and n.subject_type = 'call' and c.id = n.subject_id
      left join users cu on cu.id = c.user_id
      left join projects cp on cp.id = c.project_id
      left join tasks t
        on n.kind = 'task-review-requested' and n.subject_type = 'task' and t.id = n.subject_id
      left join projects tp on tp.id = t.project_id
      where n.user_id = ${userId} and n.mail_pending order by n.id limit ${MAX_PER_MAIL + 1}`,
    );
    const rows = pending.map((r) => entryAsOfNow(r, ctx.secret, now));
    if (rows.length === 0) return 'nothing';
    if (!user.is_active) {
      await tx.execute(
        sql`update notifications set mail_pending = false where user_id = ${userId} and mail_pending`,
      );
      return 'nothing';
    }
    if (user.early) {
      await queueNotificationMails(tx, [userId], now);
      return 'later';
    }
    const entries = rows.slice(0, MAX_PER_MAIL);
    const token = unsubscribeToken(
      ctx.secret,
      userId,
      Number(user.token_version),
      NOTIFICATION_UNSUBSCRIBE_PURPOSE,
    );
    const unsubscribeUrl = `${ctx.config.publicUrl}/api/notification/unsubscribe?token=${encodeURIComponent(token)}`;
    const mail = notificationMail({
      productName: ctx.config.productName,
      publicUrl: ctx.config.publicUrl,
      recipientName: user.name,
      entries,
      unsubscribeUrl,
    });
    // All about one project: a reply goes to its chat (§D10); else to the agency's MAIL_REPLY_TO.
    const projectIds = new Set(pending.slice(0, MAX_PER_MAIL).map((r) => r.project_id));
    const [only] = projectIds;
    const replyTo =
      projectIds.size === 1 && only != null
        ? projectReplyTo(ctx.config, ctx.secret, userId, Number(only))
        : undefined;
    await ctx.mailer.send(
      { to: user.email, ...mail, ...(replyTo ? { replyTo } : {}) },
      {
        tx: tx as unknown as Db,
      },
    );
    const last = entries[entries.length - 1]!.id;
    await tx.execute(sql`
      update notifications set mail_pending = false
      where user_id = ${userId} and mail_pending and id <= ${last}`);
    await tx.execute(sql`
      insert into notification_mailings (user_id, last_mailed_at) values (${userId}, ${now.toISOString()}::timestamptz)
      on conflict (user_id) do update set last_mailed_at = excluded.last_mailed_at`);
    // More than one mail holds: the rest go out in the next one, 5 minutes on.
    if (rows.length > MAX_PER_MAIL) await queueNotificationMails(tx, [userId], now);
    return 'sent';
  });
}
