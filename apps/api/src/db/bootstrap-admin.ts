import { randomBytes } from 'node:crypto';
import { emailToAscii } from '@dd/domain';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password.ts';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';

/**
 * First start: a superAdmin from ADMIN_EMAIL/ADMIN_PASSWORD, or a random password printed once. Later
 * starts create nobody; an ADMIN_EMAIL that matches no user then is said out loud, not ignored silently.
 */
export async function bootstrapAdmin(
  db: Db,
  options: { email: string | null; password: string | null; log: (line: string) => void },
): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'superAdmin'))
    .limit(1);
  if (existing) {
    const wanted = options.email && (emailToAscii(options.email) ?? options.email).toLowerCase();
    if (wanted) {
      const [known] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${wanted}`)
        .limit(1);
      if (!known) {
        options.log(
          `ADMIN_EMAIL=${wanted} is ignored: this database already has a superAdmin, and ADMIN_EMAIL/ADMIN_PASSWORD only create the first one. Sign in with the existing superAdmin (or start on a fresh DATA_DIR).`,
        );
      }
    }
    return;
  }
  const email = (
    options.email ? (emailToAscii(options.email) ?? options.email) : 'admin@localhost'
  ).toLowerCase();
  const password = options.password ?? randomBytes(12).toString('base64url');
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (taken) return;
  await db.insert(users).values({
    name: 'Administrator',
    login: email,
    email,
    role: 'superAdmin',
    timezone: 'America/Los_Angeles',
    passwordHash: await hashPassword(password),
  });
  if (!options.password) {
    options.log(
      `Created the first superAdmin. Sign in with login ${email} and password ${password} (shown once).`,
    );
  } else {
    options.log(`Created the first superAdmin ${email} from ADMIN_EMAIL.`);
  }
}
