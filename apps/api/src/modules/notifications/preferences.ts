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
import { notificationPreferences, notifications, users } from '../../db/schema/index.ts';

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
    const before = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .for('update');
    const was = new Map(before.map((r) => [r.kind, r.email]));
    const mailOnAgain = choices.some(
      (c) => c.email && !(was.get(c.kind) ?? NOTIFICATION_KIND_INFO[c.kind].email),
    );
    // E-mail turned on again: the unsubscribe links of the mails sent before stop working.
    if (mailOnAgain)
      await tx
        .update(users)
        .set({ notificationTokenVersion: sql`${users.notificationTokenVersion} + 1` })
        .where(eq(users.id, userId));
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

/** Whether `version` is the user's current notification unsubscribe token version (an active user's). */
export async function isCurrentNotificationToken(
  db: Pick<Db, 'select'>,
  userId: number,
  version: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.notificationTokenVersion, version)));
  return rows.length === 1;
}

/**
 * The mail's one-click unsubscribe: no more notification mails of any kind for this user (the bell stays
 * as it was), and nothing already waiting is sent. False, changing nothing, when the link's token version
 * is no longer the user's (they turned a mail on again since that mail: docs/adr/0026-unsubscribe-token-versions.md).
 */
export async function turnOffNotificationMail(db: Db, userId: number, version: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locks the user's row: a concurrent re-enable (which raises the version) waits or is seen.
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.notificationTokenVersion, version)))
      .for('update');
    if (!current) return false;
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
    return true;
  });
}

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);
