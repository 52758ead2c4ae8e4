import { DEFAULT_ACCOUNT_MANAGER_SETTING } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type Setting = { id: number; name: string; value: string };

export const defaultAccountManagerQueryKey = ['settings', DEFAULT_ACCOUNT_MANAGER_SETTING] as const;

/** GET /api/setting/search filtered by name (docs/product.md §A7); null while the setting was never saved. */
export async function getDefaultAccountManagerSetting(): Promise<Setting | null> {
  const { data } = await read('GET /api/setting/search', {
    params: { filter: [['=', 'name', DEFAULT_ACCOUNT_MANAGER_SETTING]] },
  });
  const row = data[0];
  return row ? { id: Number(row.id), name: row.name, value: row.value } : null;
}

export const defaultAccountManagerQueryOptions = () =>
  queryOptions({ queryKey: defaultAccountManagerQueryKey, queryFn: getDefaultAccountManagerSetting });

export function useDefaultAccountManagerSetting() {
  return useQuery(defaultAccountManagerQueryOptions());
}
