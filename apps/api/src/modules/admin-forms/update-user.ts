import {
  type AdminRelationships,
  type EditUserInput,
  mayChangeRole,
  mergeLoginEmail,
  type Role,
} from '@dd/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { verifyCurrentPassword } from '../auth/login.ts';
import { type PendingEmailChange, requestEmailChange } from '../users/email-change-requests.ts';
import { claimIdentity } from '../users/identity-claim.ts';
import { assertAnotherSuperAdmin } from '../users/last-super-admin.ts';
import { emailTaken, isUniqueViolation, loginTaken } from './checks.ts';
import { applyTeamsAndTechs, readUserExtras } from './user-extras.ts';

export type UpdateUserRequest = { attributes: EditUserInput; relationships?: AdminRelationships };

/**
 * Edit user (docs/product.md §A2, §A4, §A5). The empty role choice keeps the role; a new login is taken only when
 * longer than 3 characters and a new e-mail only when longer than 5; an empty phone clears it. The
 * role is read fresh on every request, so a change applies on that user's next request. A new e-mail
 * waits for the new address to confirm it; one's own also needs the current password and ends one's other
 * sessions (docs/product.md §F4, users/email-change-requests.ts).
 */
export async function updateUser(
  db: Db,
  actor: { id: number; role: Role; sessionId: number },
  userId: number,
  request: UpdateUserRequest,
  reauth: { ip: string },
  now: Date = new Date(),
  context: { productName: string; publicUrl: string },
): Promise<{ pending: PendingEmailChange | null }> {
  const [user] = await db
    .select({ id: users.id, role: users.role, login: users.login, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!user) throw notFound('User');
  const { attributes: a } = request;
  const role = (a.role ?? user.role) as Role;
  if (!mayChangeRole(actor, { id: userId, current: user.role as Role, next: role })) throw forbidden();

  const { login, email } = mergeLoginEmail(user, { login: a.login, email: a.email });
  const clash = await db
    .select({ login: users.login, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        // One space for logins and e-mails (docs/adr/0043-one-identity-space.md).
        sql`(lower(${users.email}) in (lower(${email}), lower(${login})) or lower(${users.login}) in (lower(${email}), lower(${login})))`,
      ),
    );
  const lowerEmail = email.toLowerCase();
  if (clash.some((u) => u.email.toLowerCase() === lowerEmail || u.login.toLowerCase() === lowerEmail))
    throw emailTaken();
  if (clash.length > 0) throw loginTaken();
  const self = actor.id === userId;
  if (self && email.trim().toLowerCase() !== user.email.toLowerCase())
    await verifyCurrentPassword(db, { userId, password: a['current-password'], ip: reauth.ip, now });

  try {
    return await db.transaction(async (tx) => {
      if (user.role === 'superAdmin' && role !== 'superAdmin') await assertAnotherSuperAdmin(tx, userId);
      // Racing edits to one login or address wait here; the loser gets the answer above, not a unique
      // violation.
      // A new e-mail waits for the new address to confirm it (email-change-requests.ts).
      const taken = await claimIdentity(tx, { email: user.email, login }, userId);
      if (taken === 'email') throw emailTaken();
      if (taken) throw loginTaken();
      const extras = await readUserExtras(tx, request.relationships);
      await tx
        .update(users)
        .set({
          role,
          name: a.name,
          login,
          phone: a.phone === '' ? null : a.phone,
          ...(a.timezone !== undefined ? { timezone: a.timezone || null } : {}),
          ...(a.avatar !== undefined ? { avatar: a.avatar || null } : {}),
          ...(role === 'client' && extras.companyId !== undefined ? { companyId: extras.companyId } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      await applyTeamsAndTechs(tx, userId, role, extras);
      const change = { userId, name: a.name, from: user.email, to: email, actorId: actor.id, now };
      return {
        pending: await requestEmailChange(tx, { ...change, keepSessionId: actor.sessionId }, context),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_uq')) throw emailTaken();
    if (isUniqueViolation(error, 'users_login_uq')) throw loginTaken();
    throw error;
  }
}
