import { DEFAULT_ACCOUNT_MANAGER_SETTING } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/**
 * GET /api/setting/search?filter[name]=defaultAccauntManager (docs/product.md §C7 "default account manager"):
 * the user id new projects start with, or null while the setting is unset ('init') or missing.
 */
export async function getDefaultAccountManagerId(): Promise<number | null> {
  const { data } = await read('GET /api/setting/search', {
    params: { filter: [['=', 'name', DEFAULT_ACCOUNT_MANAGER_SETTING]] },
    suppressErrorToast: true,
  });
  const value = Number(data[0]?.value);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export const defaultAccountManagerIdQueryOptions = () =>
  queryOptions({
    queryKey: ['project-page', 'default-account-manager'],
    queryFn: getDefaultAccountManagerId,
    retry: false,
  });

export function useDefaultAccountManagerId(enabled: boolean) {
  return useQuery({ ...defaultAccountManagerIdQueryOptions(), enabled });
}
