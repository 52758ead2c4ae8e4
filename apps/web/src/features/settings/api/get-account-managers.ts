import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type AccountManagerOption = { id: string; name: string; email: string };

/** GET /api/user/by-role?role=accountManager: the active account managers, sorted by name. */
export async function getAccountManagers(): Promise<AccountManagerOption[]> {
  const { data } = await read('GET /api/user/by-role', { params: { role: 'accountManager' } });
  return data.map((u) => ({ id: String(u.id), name: u.name, email: u.email ?? '' }));
}

export const accountManagersQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'account-managers'], queryFn: getAccountManagers });

export function useAccountManagers() {
  return useQuery(accountManagersQueryOptions());
}
