import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChanges, passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import { emailForDisplay } from '../../lib/email-display.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { emailTaken } from '../admin-forms/checks.ts';
import { endOtherSessions, revokeUserSessions } from '../auth/sessions.ts';
import type { Tx } from '../board/tx.ts';
import { confirmEmailChangeMail, emailChangeRequestedMail } from '../mail/email-change-mails.ts';
import { appLink } from '../mail/links.ts';
import { INVALID_RESET_TOKEN } from '../password-reset/reset-tokens.ts';
import { afterEmailChange } from './email-change.ts';
import { claimIdentity } from './identity-claim.ts';

/** docs/adr/0018-pending-email-changes.md: the new address confirms within 48 h; the old one may cancel for 7 days. */
const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
const CANCEL_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CONFIRM_EMAIL_PATH = '/email-change/confirm';
export const CANCEL_EMAIL_PATH = '/email-change/cancel';

type MailContext = { productName: string; publicUrl: string };
export type PendingEmailChange = { to: string; mails: MailMessage[] };

/**
 * A new e-mail, asked for by the user (who proved their password) or by someone else: the account keeps
 * its address, and the request is stored (older open ones of the user cancelled). Returns the two mails
 * to send after the commit: the confirm link to the new address, and to the old one a notice with the
 * cancel link. The user's own request also ends their other sessions (`keepSessionId` stays).
 */
export async function requestEmailChange(
  tx: Tx,
  input: {
    userId: number;
    name: string;
    from: string;
    to: string;
    actorId: number;
    now: Date;
    keepSessionId?: number;
  },
  context: MailContext,
): Promise<PendingEmailChange | null> {
  if (input.from.trim().toLowerCase() === input.to.trim().toLowerCase()) return null;
  const self = input.actorId === input.userId;
  if (self && input.keepSessionId !== undefined)
    await endOtherSessions(tx, input.userId, input.keepSessionId, input.now);
  await tx
    .update(emailChanges)
    .set({ cancelledAt: input.now })
    .where(
      and(
        eq(emailChanges.userId, input.userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
      ),
    );
  const confirm = newToken();
  const cancel = newToken();
  await tx.insert(emailChanges).values({
    userId: input.userId,
    newEmail: input.to.trim(),
    oldEmail: input.from,
    confirmTokenHash: hashToken(confirm),
    cancelTokenHash: hashToken(cancel),
    requestedById: input.actorId,
    expiresAt: new Date(input.now.getTime() + CONFIRM_TTL_MS),
    cancelExpiresAt: new Date(input.now.getTime() + CANCEL_TTL_MS),
  });
  const [actor] = self
    ? [{ name: 'You' }]
    : await tx.select({ name: users.name }).from(users).where(eq(users.id, input.actorId));
  const common = { productName: context.productName, name: input.name, actorName: actor?.name ?? 'Someone' };
  const confirmMail = confirmEmailChangeMail({
    ...common,
    link: appLink(context.publicUrl, CONFIRM_EMAIL_PATH, confirm),
  });
  const noticeMail = emailChangeRequestedMail({
    ...common,
    to: input.to,
    link: appLink(context.publicUrl, CANCEL_EMAIL_PATH, cancel),
  });
  return {
    to: input.to.trim(),
    mails: [
      { to: input.to.trim(), ...confirmMail, secrets: [...confirmMail.secrets, confirm] },
      { to: input.from, ...noticeMail, secrets: [...noticeMail.secrets, cancel] },
    ],
  };
}

const invalidLink = () =>
  new AppError('unprocessable', { title: INVALID_RESET_TOKEN, pointer: attr('token') });

/** The confirm link: the account takes the new address, unless someone else has it by now. */
export async function confirmEmailChange(db: Db, token: string, now: Date): Promise<{ state: 'confirmed' }> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: emailChanges.id,
        userId: emailChanges.userId,
        newEmail: emailChanges.newEmail,
        requestedById: emailChanges.requestedById,
      })
      .from(emailChanges)
      .innerJoin(users, eq(users.id, emailChanges.userId))
      .where(
        and(
          eq(emailChanges.confirmTokenHash, hashToken(token)),
          isNull(emailChanges.confirmedAt),
          isNull(emailChanges.cancelledAt),
          gt(emailChanges.expiresAt, now),
          eq(users.isActive, true),
        ),
      )
      .for('update', { of: emailChanges });
    if (!row) throw invalidLink();
    const [user] = await tx
      .select({ login: users.login, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, row.userId));
    if ((await claimIdentity(tx, { email: row.newEmail, login: user!.login }, row.userId)) === 'email')
      throw emailTaken();
    await tx.update(users).set({ email: row.newEmail, updatedAt: now }).where(eq(users.id, row.userId));
    await tx.update(emailChanges).set({ confirmedAt: now }).where(eq(emailChanges.id, row.id));
    // Reset links die and the projects' history records the change (by whoever asked for it).
    await afterEmailChange(tx, {
      userId: row.userId,
      name: user!.name,
      from: user!.email,
      to: row.newEmail,
      actorId: row.requestedById ?? row.userId,
      now,
    });
  });
  return { state: 'confirmed' };
}

/**
 * The cancel link, from the old address: an open request is cancelled; a confirmed one (within 7 days)
 * is undone: the old address comes back, reset links and sessions end, so whoever took the account
 * over is out.
 */
export async function cancelEmailChange(
  db: Db,
  token: string,
  now: Date,
): Promise<{ state: 'cancelled' | 'reverted' }> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.cancelTokenHash, hashToken(token)),
          isNull(emailChanges.cancelledAt),
          gt(emailChanges.cancelExpiresAt, now),
        ),
      )
      .for('update');
    if (!row) throw invalidLink();
    await tx.update(emailChanges).set({ cancelledAt: now }).where(eq(emailChanges.id, row.id));
    if (!row.confirmedAt) return 'cancelled' as const;
    const [user] = await tx
      .select({ login: users.login, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    // Set back only if the account still has the address that change gave it.
    if (!user || user.email.toLowerCase() !== row.newEmail.toLowerCase()) return 'cancelled' as const;
    if ((await claimIdentity(tx, { email: row.oldEmail, login: user.login }, row.userId)) === 'email')
      throw emailTaken();
    await tx.update(users).set({ email: row.oldEmail, updatedAt: now }).where(eq(users.id, row.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    return 'reverted' as const;
  });
  if (result === 'reverted') {
    const [row] = await db
      .select({ userId: emailChanges.userId })
      .from(emailChanges)
      .where(eq(emailChanges.cancelTokenHash, hashToken(token)));
    if (row) await revokeUserSessions(db, row.userId, now);
  }
  return { state: result };
}

/** For the edit forms' answers: where a confirmation link went, if one did. */
export function pendingMeta(pending: PendingEmailChange | null): Record<string, string> | undefined {
  return pending ? { 'email-confirmation-sent-to': emailForDisplay(pending.to) } : undefined;
}
