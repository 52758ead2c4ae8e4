import { PHONE_PREFIX_BLACKLIST_SETTING } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import type { Setting } from './get-default-account-manager.ts';

export const phonePrefixBlacklistQueryKey = ['settings', PHONE_PREFIX_BLACKLIST_SETTING] as const;

/** GET /api/setting/search?filter[name]=blacklistedPhonePrefixes; the server seeds it empty on first start. */
export async function getPhonePrefixBlacklist(): Promise<Setting | null> {
  const { data } = await read('GET /api/setting/search', {
    params: { filter: [['=', 'name', PHONE_PREFIX_BLACKLIST_SETTING]] },
  });
  const row = data[0];
  return row ? { id: Number(row.id), name: row.name, value: row.value } : null;
}

export function usePhonePrefixBlacklist() {
  return useQuery(queryOptions({ queryKey: phonePrefixBlacklistQueryKey, queryFn: getPhonePrefixBlacklist }));
}
