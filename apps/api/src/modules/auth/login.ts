import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS, MESSAGES } from '@dd/domain';
import { and, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';

const wrongCredentials = () =>
  new AppError('unprocessable', { title: MESSAGES.passwordIncorrect, pointer: attr('password') });

/**
 * Checks a login (login name or e-mail) and password. An unknown login, an inactive user and a wrong
 * password get the same answer after the same work, so the answer never tells which accounts exist.
 */
export async function verifyLogin(
  db: Db,
  input: { login: string; password: string; ip: string; now: Date },
): Promise<{ userId: number }> {
  const login = input.login.trim().toLowerCase();
  const keys = [`account:${login}`, `ip:${input.ip}`];
  const since = new Date(input.now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const failures = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.createdAt, since)))
    .groupBy(loginFailures.key);
  if (failures.some((f) => f.n >= LOGIN_FAILURE_LIMIT)) {
    throw new AppError('too_many_requests', {
      title: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      pointer: attr('password'),
    });
  }

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(or(sql`lower(${users.login}) = ${login}`, sql`lower(${users.email}) = ${login}`))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok || !user.isActive) {
    await db.insert(loginFailures).values(keys.map((key) => ({ key, createdAt: input.now })));
    throw wrongCredentials();
  }
  await db.delete(loginFailures).where(eq(loginFailures.key, keys[0]!));
  return { userId: user.id };
}
