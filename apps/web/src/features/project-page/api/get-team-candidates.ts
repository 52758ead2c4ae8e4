import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import type { Person } from './get-project.ts';

export type CandidateRole = 'developer' | 'projectManager' | 'accountManager';

/** GET /api/user/by-role?role=X: the active users a team slot may hold (docs/product.md §C7 "searches by role"). */
export async function getTeamCandidates(role: CandidateRole): Promise<Person[]> {
  const { data } = await read('GET /api/user/by-role', { params: { role } });
  // The pickers' list carries name, e-mail, avatar and role only.
  return data.map((u) => ({
    id: Number(u.id),
    name: u.name,
    email: u.email || null,
    phone: null,
    avatar: u.avatar || null,
    role: u.role,
    timezone: null,
    helpNeeded: null,
    companyId: null,
  }));
}

export const teamCandidatesQueryKey = (role: CandidateRole) => ['team-candidates', role] as const;

export const teamCandidatesQueryOptions = (role: CandidateRole) =>
  queryOptions({ queryKey: teamCandidatesQueryKey(role), queryFn: () => getTeamCandidates(role) });

export function useTeamCandidates(role: CandidateRole, enabled: boolean) {
  return useQuery({ ...teamCandidatesQueryOptions(role), enabled });
}
