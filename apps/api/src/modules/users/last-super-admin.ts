import { and, asc, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DbOrTx } from '../board/tx.ts';

export const LAST_SUPER_ADMIN = 'The last Grand admin cannot be removed or demoted';

/**
 * Before a superAdmin is deactivated or given another role, inside that transaction: some other active
 * superAdmin must remain. Every active superAdmin row is locked (in id order), so two superAdmins
 * removing each other at once are decided one after the other, and the second sees the first's change.
 */
export async function assertAnotherSuperAdmin(tx: DbOrTx, leavingId: number): Promise<void> {
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'superAdmin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  if (!active.some((u) => u.id !== leavingId))
    throw new AppError('unprocessable', { title: LAST_SUPER_ADMIN });
}
