import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
  notificationKindsFor,
  type Role,
} from '@dd/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/index.ts';

/** A user's choice for each kind their role can receive: their own row, else the kind's defaults. */
export async function readPreferences(
  db: Pick<Db, 'select'>,
  user: { id: number; role: Role },
): Promise<NotificationPreference[]> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, user.id));
  const chosen = new Map(rows.map((r) => [r.kind, r]));
  return notificationKindsFor(user.role).map((kind) => {
    const row = chosen.get(kind);
    return {
      kind,
      'in-app': row ? row.inApp : true,
      email: row ? row.email : NOTIFICATION_KIND_INFO[kind].email,
    };
  });
}

/** Saves the given kinds' choices (others keep theirs); a kind turned off for mail drops its waiting mail. */
export async function savePreferences(
  db: Db,
  userId: number,
  choices: readonly NotificationPreference[],
): Promise<void> {
  if (choices.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values(choices.map((c) => ({ userId, kind: c.kind, inApp: c['in-app'], email: c.email })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
      });
    const noMail = choices.filter((c) => !c.email).map((c) => c.kind);
    if (noMail.length > 0)
      await tx
        .update(notifications)
        .set({ mailPending: false })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.mailPending, true),
            inArray(notifications.kind, noMail),
          ),
        );
  });
}

/**
 * The mail's one-click unsubscribe: no more notification mails of any kind for this user (the bell stays
 * as it was), and nothing already waiting is sent.
 */
export async function turnOffNotificationMail(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into notification_preferences (user_id, kind, in_app, email)
      select ${userId}, k, coalesce(p.in_app, true), false
      from unnest(${`{${NOTIFICATION_KINDS.join(',')}}`}::text[]) as k
      left join notification_preferences p on p.user_id = ${userId} and p.kind = k
      on conflict (user_id, kind) do update set email = false`);
    await tx
      .update(notifications)
      .set({ mailPending: false })
      .where(and(eq(notifications.userId, userId), eq(notifications.mailPending, true)));
  });
}

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);
