import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_MAIL_INTERVAL_MINUTES,
  type NotificationKind,
} from '@dd/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { EVENTS_CHANNEL } from '../events/live-event.ts';

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
  const at = (input.at ?? new Date()).toISOString();
  await tx.execute(
    sql`with ${notifyCtes({
      kind: input.kind,
      recipientIds: sql`${intArray(recipients)}::int[]`,
      title: sql`${input.title}::text`,
      link: input.link,
      subjectType: input.subject?.type ?? null,
      subjectId: sql`${input.subject?.id ?? null}::int`,
      projectId: sql`${input.projectId ?? 0}::int`,
      at: sql`${at}::timestamptz`,
    })} select ${notifyDone}`,
  );
}

/**
 * notify's whole work as CTEs of ONE statement (it runs inside the writer's transaction, which holds its
 * locks and a pooled connection meanwhile: each round trip saved is a wait saved for the others,
 * docs/adr/0032): the rows, the live event of each in-app row (kind 'notification', recipient_id set: to that one user) and the mail job
 * of each mail row (as queueNotificationMails). The values are SQL expressions, so a writer can pass
 * what its own statement inserts or reads (`recipientIds` an int[]: duplicates, unknown and deactivated
 * users are skipped). The statement must select `notifyDone`, which runs the announcements and the jobs.
 */
export function notifyCtes(input: {
  kind: NotificationKind;
  /** An int[] expression (a subquery cast to int[], so any() does not read it as a row set). */
  recipientIds: SQL;
  title: SQL;
  link: string | SQL;
  subjectType: NotificationSubject['type'] | null;
  subjectId: SQL;
  projectId: SQL;
  at: SQL;
}): SQL {
  const defaults = NOTIFICATION_KIND_INFO[input.kind];
  return sql`
    notify_wanted as (
      select u.id as user_id, coalesce(p.in_app, true) as in_app,
        coalesce(p.email, ${defaults.email}::boolean) as email
      from users u
      left join notification_preferences p on p.user_id = u.id and p.kind = ${input.kind}
      where u.id = any(${input.recipientIds}) and u.is_active
    ), notify_rows as (
      insert into notifications (user_id, kind, title, link, subject_type, subject_id, project_id, in_app, mail_pending, created_at)
      select user_id, ${input.kind}, ${input.title}, ${input.link}, ${input.subjectType},
        ${input.subjectId}, nullif(${input.projectId}, 0), in_app, email, ${input.at}
      from notify_wanted where in_app or email
      returning id, user_id, in_app, mail_pending
    ), notify_live as (
      insert into live_events (kind, resource_id, project_id, owner_id, client_ids, recipient_id)
      select 'notification'::text, id, ${input.projectId}, null, '{}', user_id
      from notify_rows where in_app order by id
      returning id, kind, resource_id, project_id, owner_id, client_ids, recipient_id
    ), notify_sent as (
      select pg_notify(${EVENTS_CHANNEL}, row_to_json(notify_live)::text) from notify_live
    ), notify_mails as (
      ${notificationMailJobs(sql`array(select user_id from notify_rows where mail_pending order by user_id)`, input.at)}
    )`;
}

/** Reads notifyCtes' announcements and jobs to the end, so each of them runs. */
export const notifyDone = sql`(select count(*) from notify_sent) + (select count(*) from notify_mails) as notify_done`;

/**
 * One waiting mail job per user: due now, or 5 minutes after their last notification mail. A job already
 * waiting keeps its run time (job_key_mode preserve_run_at), so later notifications join its mail.
 */
export async function queueNotificationMails(
  tx: Pick<Db, 'execute'>,
  userIds: readonly number[],
  at: Date,
): Promise<void> {
  await tx.execute(
    notificationMailJobs(sql`${intArray(userIds)}::int[]`, sql`${at.toISOString()}::timestamptz`),
  );
}

/** queueNotificationMails' select, for the users of an int[] expression: also notifyCtes' last part. */
const notificationMailJobs = (userIds: SQL, at: SQL): SQL => sql`
    select graphile_worker.add_job(${NOTIFICATION_MAIL_TASK}, json_build_object('userId', t.u),
      run_at := greatest(${at},
        m.last_mailed_at + make_interval(mins => ${NOTIFICATION_MAIL_INTERVAL_MINUTES})),
      max_attempts := 5, job_key := ${`${NOTIFICATION_MAIL_TASK}:`} || t.u,
      job_key_mode := 'preserve_run_at')
    from unnest(${userIds}) as t(u)
    left join notification_mailings m on m.user_id = t.u`;
