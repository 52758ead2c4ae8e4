import { isPhonePrefixBlacklisted, PHONE_PREFIX_BLACKLIST_SETTING, parsePhonePrefixes } from '@dd/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** The blacklisted phone prefixes kept in the settings table (client §3, §9); none when unset. */
export async function loadBlacklistedPhonePrefixes(db: Db): Promise<string[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.name, PHONE_PREFIX_BLACKLIST_SETTING))
    .limit(1);
  return parsePhonePrefixes(row?.value);
}

/** The user's `is-phone-prefix-in-blacklist`: whether their phone starts with a blacklisted prefix. */
export async function isUserPhoneBlacklisted(db: Db, phone: string | null): Promise<boolean> {
  if (!phone) return false;
  return isPhonePrefixBlacklisted(phone, await loadBlacklistedPhonePrefixes(db));
}
