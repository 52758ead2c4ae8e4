import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type AccountManagerOption = { id: string; name: string; email: string };

/** GET /api/user/by-role?role=accountManager: the active account managers, sorted by name. */
export async function getAccountManagers(): Promise<AccountManagerOption[]> {
  const { data } = await api.get<Resource[]>('/user/by-role', { params: { role: 'accountManager' } });
  return data.map((u) => ({ id: String(u.id), name: String(u.name ?? ''), email: String(u.email ?? '') }));
}

export const accountManagersQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'account-managers'], queryFn: getAccountManagers });

export function useAccountManagers() {
  return useQuery(accountManagersQueryOptions());
}
