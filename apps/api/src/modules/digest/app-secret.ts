import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

const NAME = 'app_secret';

/**
 * The server secret for signed links: APP_SECRET when set, otherwise one generated on the first start
 * and kept in app_secrets (insert-if-absent, so processes starting together agree on one value).
 */
export async function resolveAppSecret(db: Db, fromEnv: string | null): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name: NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, NAME));
  if (!row) throw new Error('app secret not stored');
  return row.value;
}
