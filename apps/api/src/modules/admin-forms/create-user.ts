import { type AdminCreateUserInput, type AdminRelationships, mayAssignRole, type Role } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, attr, forbidden } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { claimIdentity } from '../users/identity-claim.ts';
import { emailTaken, isUniqueViolation } from './checks.ts';
import { applyTeamsAndTechs, readUserExtras } from './user-extras.ts';

export type CreateUserRequest = { attributes: AdminCreateUserInput; relationships?: AdminRelationships };

// Admin §8: both "taken" answers show the taken-email message, so both point at the e-mail field.
const loginTakenOnEmail = () =>
  new AppError('login_taken', { title: 'Login is already taken', pointer: attr('email') });

/**
 * New user (docs/product.md §A2): the login is the e-mail, as at sign-up. Teams and techs for a developer, a team
 * for a project manager, a company for a client; other extras are ignored.
 */
export async function createUser(
  db: Db,
  actor: { role: Role },
  request: CreateUserRequest,
): Promise<{ id: number }> {
  const a = request.attributes;
  if (!mayAssignRole(actor.role, null, a.role)) throw forbidden();
  const email = a.email.trim();
  const taken = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) or lower(${users.login}) = lower(${email})`);
  if (taken.some((u) => u.email.toLowerCase() === email.toLowerCase())) throw emailTaken();
  if (taken.length > 0) throw loginTakenOnEmail();

  const passwordHash = await hashPassword(a.password);
  try {
    return await db.transaction(async (tx) => {
      // Racing creates of one address wait here; the losers get the answer above, not a unique violation.
      const taken = await claimIdentity(tx, { email, login: email });
      if (taken === 'email') throw emailTaken();
      if (taken) throw loginTakenOnEmail();
      const extras = await readUserExtras(tx, request.relationships);
      const [row] = await tx
        .insert(users)
        .values({
          name: a.name,
          login: email,
          email,
          phone: a.phone ? a.phone : null,
          role: a.role,
          timezone: a.timezone || null,
          avatar: a.avatar || null,
          companyId: a.role === 'client' ? (extras.companyId ?? null) : null,
          passwordHash,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) throw emailTaken();
      await applyTeamsAndTechs(tx, row.id, a.role, extras);
      return { id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_uq')) throw emailTaken();
    if (isUniqueViolation(error, 'users_login_uq')) throw loginTakenOnEmail();
    throw error;
  }
}
