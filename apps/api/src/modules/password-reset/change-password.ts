import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { attr } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { endOtherSessions, revokeUserSessions } from '../auth/sessions.ts';
import { findResetToken, invalidResetToken, spendResetToken } from './reset-tokens.ts';

/**
 * PATCH /user/{id} with a reset token: the token must belong to that user, is spent once, the new
 * password is stored (argon2id) and every session of the user ends, so a stolen session dies with it.
 */
export async function changePasswordWithToken(
  db: Db,
  input: { userId: number; token: string; password: string; now: Date },
): Promise<void> {
  const found = await findResetToken(db, input.token, input.now);
  if (!found || found.userId !== input.userId) throw invalidResetToken({ pointer: attr('token') });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await spendResetToken(tx, found.id, input.now)))
      throw invalidResetToken({ pointer: attr('token') });
    await tx.update(users).set({ passwordHash, updatedAt: input.now }).where(eq(users.id, input.userId));
    await revokeUserSessions(tx, input.userId, input.now);
  });
}

/** A signed-in user sets their own password: their other sessions end, the current one stays. */
export async function changeOwnPassword(
  db: Db,
  input: { userId: number; sessionId: number; password: string; now: Date },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: input.now }).where(eq(users.id, input.userId));
    await endOtherSessions(tx, input.userId, input.sessionId, input.now);
  });
}
