import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type ScheduledCall = {
  id: number;
  /** The instant, ISO-8601. */
  scheduled: string;
  timezone: string;
  status: 'booked' | 'pending_approval' | 'cancelled';
  bookedBy: { id: number; name: string } | null;
};

export function toScheduledCall(r: Resource): ScheduledCall {
  const user = r.user as Resource | null | undefined;
  const status = r.status === 'pending_approval' || r.status === 'cancelled' ? r.status : 'booked';
  return {
    id: Number(r.id),
    scheduled: String(r.scheduled),
    timezone: String(r.timezone ?? ''),
    status,
    bookedBy: user && typeof user.name === 'string' ? { id: Number(user.id), name: user.name } : null,
  };
}

/**
 * The viewer's own calls on a project: GET /api/project/{id}?include=current-user-scheduled-calls
 * (docs/product.md §C3). Only the relationship is read here; the page's project query stays as it is.
 */
export async function getMyScheduledCalls(projectId: number): Promise<ScheduledCall[]> {
  const { data } = await api.get<Resource>(`/project/${projectId}`, {
    params: { include: 'current-user-scheduled-calls' },
  });
  const calls = data.currentUserScheduledCalls;
  return (Array.isArray(calls) ? (calls as Resource[]) : [])
    .filter((c) => typeof c.scheduled === 'string')
    .map(toScheduledCall);
}

export const myScheduledCallsQueryKey = (projectId: number) => ['my-scheduled-calls', projectId] as const;

export const myScheduledCallsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: myScheduledCallsQueryKey(projectId),
    queryFn: () => getMyScheduledCalls(projectId),
    refetchOnWindowFocus: false,
  });

export function useMyScheduledCalls(projectId: number, enabled: boolean) {
  return useQuery({ ...myScheduledCallsQueryOptions(projectId), enabled });
}
