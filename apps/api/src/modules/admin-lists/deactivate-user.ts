import { can, type Role } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { assertAnotherSuperAdmin } from '../users/last-super-admin.ts';

/**
 * DELETE /user/{id} deactivates: the person can no longer sign in, open sessions end, and they leave
 * the tables and pickers; projects, updates and tasks they touched keep their name. Nobody deactivates a
 * user ranked above them ('user:manage'), and the last active superAdmin stays.
 */
export async function deactivateUser(
  db: Db,
  actor: { id: number; role: Role },
  userId: number,
  now: Date,
): Promise<void> {
  if (actor.id === userId) throw new AppError('unprocessable', { title: 'You cannot deactivate yourself' });
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isActive, true)));
    if (!user) throw notFound('User');
    if (!can(actor, 'user:manage', { id: userId, role: user.role as Role })) throw forbidden();
    if (user.role === 'superAdmin') await assertAnotherSuperAdmin(tx, userId);
    await tx
      .update(users)
      .set({ isActive: false, deactivatedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.isActive, true)));
  });
  await revokeUserSessions(db, userId, now);
}
