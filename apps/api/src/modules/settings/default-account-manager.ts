import { DEFAULT_ACCOUNT_MANAGER_SETTING } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings, users } from '../../db/schema/index.ts';

type Reader = Pick<Db, 'select'>;

/**
 * The account manager new projects get: the 'defaultAccauntManager' setting (docs/product.md §A3), when it
 * holds the id of an active user; null while it is 'init' or names someone deactivated since.
 */
export async function defaultAccountManagerId(db: Reader): Promise<number | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.name, DEFAULT_ACCOUNT_MANAGER_SETTING));
  const id = Number(row?.value);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)));
  return user ? user.id : null;
}
