import { and, eq, isNull } from 'drizzle-orm';
import { passwordResetTokens, projectMembers, projects } from '../../db/schema/index.ts';
import { recordEvent } from '../board/history.ts';
import type { DbOrTx } from '../board/tx.ts';
import { maskEmail } from '../mail/mask-email.ts';

/**
 * After a user's e-mail changed (docs/product.md §F4), in the same transaction as the confirmation. Every
 * pending password reset link dies, since it went to the old address. When someone other than the
 * user asked for the change, it goes into the history of every project the user owns or is a client of,
 * with who asked (the old address was told when the change was asked for: email-change-requests.ts).
 */
export async function afterEmailChange(
  tx: DbOrTx,
  input: { userId: number; name: string; from: string; to: string; actorId: number; now: Date },
): Promise<void> {
  if (input.from.trim().toLowerCase() === input.to.trim().toLowerCase()) return;
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: input.now })
    .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)));
  if (input.actorId === input.userId) return;

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
}
