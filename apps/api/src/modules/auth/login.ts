import { emailToAscii, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS, MESSAGES } from '@dd/domain';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';

/**
 * Sign-in throttling as OWASP's authentication cheat sheet describes (docs/product.md §F4). Failures are
 * counted in PostgreSQL (every app process sees them) within LOGIN_FAILURE_WINDOW_MS:
 * - per (account, address): 10 failures stop that address guessing that account;
 * - per address: failing on 10 different accounts (password spraying, credential stuffing) stops the
 *   address for every account; one person's typos on their own account never count as that;
 * - per account, from all addresses: after 50 failures the account is under a distributed attack, and
 *   every address that has itself failed on it gets only 3 tries. An address with no failures on the
 *   account still signs in with the right password, so no one elsewhere can lock the user out.
 */
export const PAIR_FAILURE_LIMIT = LOGIN_FAILURE_LIMIT;
export const ADDRESS_ACCOUNT_LIMIT = LOGIN_FAILURE_LIMIT;
export const ACCOUNT_ATTACK_THRESHOLD = 50;
export const PAIR_FAILURE_LIMIT_UNDER_ATTACK = 3;

export const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

const wrongCredentials = () =>
  new AppError('unprocessable', { title: MESSAGES.passwordIncorrect, pointer: attr('password') });

type FailureCounts = { pair: number; account: number; addressAccounts: number };

/** The three counts of one attempt, in one query over the window. */
async function countFailures(db: Db, account: string, ip: string, since: Date): Promise<FailureCounts> {
  const [row] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${loginFailures.account} = ${account} and ${loginFailures.ip} = ${ip})::int`,
      account: sql<number>`count(*) filter (where ${loginFailures.account} = ${account})::int`,
      addressAccounts: sql<number>`count(distinct ${loginFailures.account}) filter (where ${loginFailures.ip} = ${ip})::int`,
    })
    .from(loginFailures)
    .where(
      and(
        sql`${loginFailures.createdAt} > ${since.toISOString()}`,
        or(eq(loginFailures.account, account), eq(loginFailures.ip, ip)),
      ),
    );
  return row ?? { pair: 0, account: 0, addressAccounts: 0 };
}

export function isThrottled(counts: FailureCounts): boolean {
  if (counts.addressAccounts >= ADDRESS_ACCOUNT_LIMIT) return true;
  const pairLimit =
    counts.account >= ACCOUNT_ATTACK_THRESHOLD ? PAIR_FAILURE_LIMIT_UNDER_ATTACK : PAIR_FAILURE_LIMIT;
  return counts.pair >= pairLimit;
}

/**
 * Checks a login (login name or e-mail) and password. An unknown login, an inactive user and a wrong
 * password get the same answer after the same work, and an unknown login is counted like a known one,
 * so neither the answer nor the throttling tells which accounts exist.
 */
export async function verifyLogin(
  db: Db,
  input: { login: string; password: string; ip: string; now: Date },
): Promise<{ userId: number }> {
  const login = input.login.trim().toLowerCase();
  // An address is stored with its domain in punycode: 'info@müller.de' finds 'info@xn--mller-kva.de'.
  const email = (emailToAscii(login) ?? login).toLowerCase();
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(
      or(
        sql`lower(${users.login}) = ${login}`,
        sql`lower(${users.login}) = ${email}`,
        sql`lower(${users.email}) = ${email}`,
      ),
    )
    .limit(1);
  // Logins and e-mails are one uniqueness space (migration 0033, docs/adr/0043-one-identity-space.md),
  // so this matches at most one user: another's e-mail can never shadow a login.
  // The login name and the e-mail of one user are one account.
  const account = user ? `user:${user.id}` : `login:${email}`;
  const since = new Date(input.now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  if (isThrottled(await countFailures(db, account, input.ip, since))) {
    throw new AppError('too_many_requests', { title: TOO_MANY_FAILURES, pointer: attr('password') });
  }

  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok || !user.isActive) {
    await db.insert(loginFailures).values({ account, ip: input.ip, createdAt: input.now });
    // Now and then, drop counters older than the window (they no longer count).
    if (Math.random() < 0.01) await db.delete(loginFailures).where(lt(loginFailures.createdAt, since));
    throw wrongCredentials();
  }
  // A right password clears this address's failures on this account, nothing else.
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.account, account), eq(loginFailures.ip, input.ip)));
  return { userId: user.id };
}

/**
 * The current password of a signed-in user who changes their own password or e-mail (issue 41
 * finding 3, docs/product.md §F4). Counted and throttled with sign-in's counters on the same account,
 * so re-authentication is no side door for guessing; answered on the `current-password` field.
 */
export async function verifyCurrentPassword(
  db: Db,
  input: { userId: number; password: string | undefined; ip: string; now: Date },
): Promise<void> {
  const pointer = attr('current-password');
  if (!input.password)
    throw new AppError('unprocessable', { title: MESSAGES.currentPasswordRequired, pointer });
  const account = `user:${input.userId}`;
  const since = new Date(input.now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  if (isThrottled(await countFailures(db, account, input.ip, since)))
    throw new AppError('too_many_requests', { title: TOO_MANY_FAILURES, pointer });
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
    await db.insert(loginFailures).values({ account, ip: input.ip, createdAt: input.now });
    throw new AppError('unprocessable', { title: MESSAGES.passwordIncorrect, pointer });
  }
}
