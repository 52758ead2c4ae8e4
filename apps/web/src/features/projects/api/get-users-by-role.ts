import type { Role } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type PersonOption = { value: string; label: string };

/**
 * GET /api/user/by-role?role=: active users of one role for the pickers ("users are offered by role",
 * docs/product.md §A2); deactivated users are never offered. A failed call is an empty list.
 */
export async function getUsersByRole(role: Role): Promise<PersonOption[]> {
  try {
    const { data } = await read('GET /api/user/by-role', {
      params: { role },
      suppressErrorToast: true,
    });
    return data.map((u) => ({ value: String(u.id), label: u.name || u.email || u.id }));
  } catch {
    return [];
  }
}

export const usersByRoleQuery = (role: Role) =>
  queryOptions({ queryKey: ['users', 'by-role', role], queryFn: () => getUsersByRole(role) });

export function useUsersByRole(role: Role) {
  return useQuery(usersByRoleQuery(role)).data ?? [];
}
