import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_MAIL_INTERVAL_MINUTES,
  type NotificationKind,
} from '@dd/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publishToRecipients } from '../events/publish-event.ts';

/** What a notification is about: its project (for the live event) and the record, if any. */
export type NotificationSubject = { type: 'project' | 'call' | 'update' | 'task' | 'message'; id: number };

export type NotifyInput = {
  kind: NotificationKind;
  /** User ids; duplicates, unknown and deactivated users are skipped. */
  recipients: readonly number[];
  /** One line, plain text: the bell's entry and the mail's line. */
  title: string;
  /** The web app's path of the thing, e.g. `/project/daily-updates/12`. */
  link: string;
  subject?: NotificationSubject;
  /** The project the notification is about (0: none); its live event carries it. */
  projectId?: number;
  /** The app clock's now (defaults to the wall clock). */
  at?: Date;
};

export const NOTIFICATION_MAIL_TASK = 'notification-mail';

/** The rows of one raw statement. */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A PostgreSQL integer array literal: one parameter (drizzle would spread a JS array). */
export const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/**
 * Tells people about a change, inside the transaction that makes it (docs/adr/0020-notifications.md):
 * one row per recipient who wants the kind in the bell or by mail (their preferences, else the kind's
 * defaults), a live event to each in-app recipient, and for each mail recipient one waiting
 * `notification-mail` job (job key per user, run time kept): the mails of 5 minutes go out together.
 * Nothing of it happens if the transaction rolls back.
 */
export async function notify(tx: Pick<Db, 'execute'>, input: NotifyInput): Promise<void> {
  const recipients = [...new Set(input.recipients)].filter((id) => Number.isInteger(id) && id > 0);
  if (recipients.length === 0) return;
  const at = input.at ?? new Date();
  const defaults = NOTIFICATION_KIND_INFO[input.kind];
  const rows = await rowsOf<{ id: string | number; user_id: number; in_app: boolean; mail_pending: boolean }>(
    tx,
    sql`
    with wanted as (
      select u.id as user_id, coalesce(p.in_app, true) as in_app,
        coalesce(p.email, ${defaults.email}::boolean) as email
      from users u
      left join notification_preferences p on p.user_id = u.id and p.kind = ${input.kind}
      where u.id = any(${intArray(recipients)}::int[]) and u.is_active
    )
    insert into notifications (user_id, kind, title, link, subject_type, subject_id, in_app, mail_pending, created_at)
    select user_id, ${input.kind}, ${input.title}, ${input.link}, ${input.subject?.type ?? null},
      ${input.subject?.id ?? null}::int, in_app, email, ${at.toISOString()}::timestamptz
    from wanted where in_app or email
    returning id, user_id, in_app, mail_pending`,
  );
  await publishToRecipients(
    tx,
    rows
      .filter((r) => r.in_app)
      .map((r) => ({
        notificationId: Number(r.id),
        recipientId: r.user_id,
        projectId: input.projectId ?? 0,
      })),
  );
  const mailTo = rows.filter((r) => r.mail_pending).map((r) => r.user_id);
  if (mailTo.length > 0) await queueNotificationMails(tx, mailTo, at);
}

/**
 * One waiting mail job per user: due now, or 5 minutes after their last notification mail. A job already
 * waiting keeps its run time (job_key_mode preserve_run_at), so later notifications join its mail.
 */
export async function queueNotificationMails(
  tx: Pick<Db, 'execute'>,
  userIds: readonly number[],
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    select graphile_worker.add_job(${NOTIFICATION_MAIL_TASK}, json_build_object('userId', t.u),
      run_at := greatest(${at.toISOString()}::timestamptz,
        m.last_mailed_at + make_interval(mins => ${NOTIFICATION_MAIL_INTERVAL_MINUTES})),
      max_attempts := 5, job_key := ${`${NOTIFICATION_MAIL_TASK}:`} || t.u,
      job_key_mode := 'preserve_run_at')
    from unnest(${intArray(userIds)}::int[]) as t(u)
    left join notification_mailings m on m.user_id = t.u`);
}
