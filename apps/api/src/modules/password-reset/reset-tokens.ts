import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVALID_RESET_TOKEN = 'This link is invalid or has expired';

/** The user a reset token belongs to, if it is unused, unexpired and the user is active. */
export async function findResetToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId, login: users.login })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export const invalidResetToken = (where: { pointer?: string; parameter?: string }) =>
  new AppError('unprocessable', { title: INVALID_RESET_TOKEN, ...where });

/** Marks the token used; false when another request spent it first (the update is the lock). */
export async function spendResetToken(db: Pick<Db, 'update'>, id: number, now: Date): Promise<boolean> {
  const spent = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), sql`true`))
    .returning({ id: passwordResetTokens.id });
  return spent.length === 1;
}
