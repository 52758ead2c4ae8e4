import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Person, toPerson, type UserRecord } from './get-project.ts';

export type CandidateRole = 'developer' | 'projectManager' | 'accountManager';

/** GET /api/user/by-role?role=X: the active users a team slot may hold (docs/product.md §C7 "searches by role"). */
export async function getTeamCandidates(role: CandidateRole): Promise<Person[]> {
  const { data } = await api.get<UserRecord[]>('/user/by-role', { params: { role } });
  return data.map(toPerson).filter((p): p is Person => p !== null);
}

export const teamCandidatesQueryKey = (role: CandidateRole) => ['team-candidates', role] as const;

export const teamCandidatesQueryOptions = (role: CandidateRole) =>
  queryOptions({ queryKey: teamCandidatesQueryKey(role), queryFn: () => getTeamCandidates(role) });

export function useTeamCandidates(role: CandidateRole, enabled: boolean) {
  return useQuery({ ...teamCandidatesQueryOptions(role), enabled });
}
