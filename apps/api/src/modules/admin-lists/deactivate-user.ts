import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { revokeUserSessions } from '../auth/sessions.ts';

/**
 * DELETE /user/{id} deactivates: the person can no longer sign in, open sessions end, and they leave
 * the tables and pickers; projects, updates and tasks they touched keep their name.
 */
export async function deactivateUser(db: Db, actorId: number, userId: number, now: Date): Promise<void> {
  if (actorId === userId) throw new AppError('unprocessable', { title: 'You cannot deactivate yourself' });
  const [user] = await db
    .update(users)
    .set({ isActive: false, deactivatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .returning({ id: users.id });
  if (!user) throw notFound('User');
  await revokeUserSessions(db, userId, now);
}
