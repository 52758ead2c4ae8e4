import type { Flattened, Related, UserResource } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { type ScheduledCall, toScheduledCall } from './schedule-call-my-calls.ts';

/** GET /api/scheduled-call/search?filter[project_id]= (staff): every call booked on the project. */
export async function getProjectScheduledCalls(projectId: number): Promise<ScheduledCall[]> {
  const { data } = await read<
    'GET /api/scheduled-call/search',
    { user?: Related<Flattened<UserResource>> | null }
  >('GET /api/scheduled-call/search', { params: { 'filter[project_id]': projectId } });
  return data.map(toScheduledCall);
}

export const projectScheduledCallsQueryKey = (projectId: number) =>
  ['project-scheduled-calls', projectId] as const;

export const projectScheduledCallsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectScheduledCallsQueryKey(projectId),
    queryFn: () => getProjectScheduledCalls(projectId),
  });

export function useProjectScheduledCalls(projectId: number, enabled: boolean) {
  return useQuery({ ...projectScheduledCallsQueryOptions(projectId), enabled });
}
