import { and, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Tx } from '../board/tx.ts';

/** Namespace (first key) of the advisory locks on one login or e-mail (lower-cased) while it is claimed. */
const IDENTITY_LOCK = 120_021;

/**
 * Inside the transaction that will write a user's login and e-mail: waits for any other transaction
 * claiming the same values (on any app process), then says which one is taken by someone else. So a
 * duplicate is answered before the write and never reaches the unique indexes: the database logs no
 * error, and its log never holds the address (a unique violation's DETAIL names the key).
 * Values are locked in sorted order, so two claims of the same pair cannot deadlock.
 * Logins and e-mails are one space (docs/adr/0043-one-identity-space.md): each value is checked against
 * both columns of every other user, as the database's user_identity_keys does (migration 0033).
 */
export async function claimIdentity(
  tx: Tx,
  identity: { email: string; login: string },
  exceptUserId?: number,
): Promise<'email' | 'login' | null> {
  const email = identity.email.trim().toLowerCase();
  const login = identity.login.trim().toLowerCase();
  for (const key of [...new Set([email, login])].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(${IDENTITY_LOCK}::int, hashtext(${key}))`);
  const clash = await tx
    .select({ email: users.email, login: users.login })
    .from(users)
    .where(
      and(
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
        sql`(lower(${users.email}) in (${email}, ${login}) or lower(${users.login}) in (${email}, ${login}))`,
      ),
    );
  if (clash.some((u) => u.email.toLowerCase() === email || u.login.toLowerCase() === email)) return 'email';
  return clash.length > 0 ? 'login' : null;
}
