import { and, eq, isNull } from 'drizzle-orm';
import { passwordResetTokens, projectMembers, projects, users } from '../../db/schema/index.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { recordEvent } from '../board/history.ts';
import type { DbOrTx } from '../board/tx.ts';
import { emailChangedMail } from '../mail/email-changed-mail.ts';
import { maskEmail } from '../mail/mask-email.ts';

/** A change of someone's e-mail by someone else: what the notice to the old address needs. */
export type EmailChange = { userId: number; name: string; from: string; to: string; actorName: string };

/**
 * After a user's e-mail changed (docs/product.md §F4), in the same transaction as the change. Every
 * pending password reset link dies, since it went to the old address. When someone other than the
 * user made the change, it goes into the history of every project the user owns or is a client of,
 * with who made it, and the caller mails the old address a notice (emailChangedNotice).
 */
export async function afterEmailChange(
  tx: DbOrTx,
  input: { userId: number; name: string; from: string; to: string; actorId: number; now: Date },
): Promise<EmailChange | null> {
  if (input.from.trim().toLowerCase() === input.to.trim().toLowerCase()) return null;
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: input.now })
    .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)));
  if (input.actorId === input.userId) return null;

  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.actorId));
  const owned = await tx.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, input.userId));
  const member = await tx
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, input.userId));
  const projectIds = [...new Set([...owned, ...member].map((p) => p.id))];
  for (const projectId of projectIds) {
    await recordEvent(tx, {
      projectId,
      actorId: input.actorId,
      entity: 'user',
      entityId: input.userId,
      action: 'email-changed',
      // Masked: the history is read by the whole project staff.
      details: { name: input.name, from: maskEmail(input.from), to: maskEmail(input.to) },
      at: input.now,
    });
  }
  return {
    userId: input.userId,
    name: input.name,
    from: input.from,
    to: input.to,
    actorName: actor?.name ?? 'Someone',
  };
}

/** The notice to the old address of an EmailChange. */
export function emailChangedNotice(
  change: EmailChange,
  context: { productName: string; publicUrl: string },
): MailMessage {
  return {
    to: change.from,
    ...emailChangedMail({
      productName: context.productName,
      publicUrl: context.publicUrl,
      name: change.name,
      actorName: change.actorName,
      from: change.from,
      to: change.to,
    }),
  };
}
