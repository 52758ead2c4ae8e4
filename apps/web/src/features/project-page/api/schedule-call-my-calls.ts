import type { Flattened, includedCallSchema, Related, UserResource } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { included, read } from '../../../lib/api-client.ts';

export type ScheduledCall = {
  id: number;
  /** The instant, ISO-8601. */
  scheduled: string;
  timezone: string;
  status: 'booked' | 'pending_approval' | 'cancelled';
  bookedBy: { id: number; name: string } | null;
};

/** A call as an answer carries it: the booker (`user`) when the answer included them. */
type CallRecord = Flattened<z.infer<typeof includedCallSchema>> & {
  user?: Related<Flattened<UserResource>> | null;
};

export function toScheduledCall(r: CallRecord): ScheduledCall {
  const user = included(r.user);
  const status = r.status === 'pending_approval' || r.status === 'cancelled' ? r.status : 'booked';
  return {
    id: Number(r.id),
    scheduled: r.scheduled,
    timezone: r.timezone,
    status,
    bookedBy: user ? { id: Number(user.id), name: user.name } : null,
  };
}

/**
 * The viewer's own calls on a project: GET /api/project/{id}?include=current-user-scheduled-calls
 * (docs/product.md §C3). Only the relationship is read here; the page's project query stays as it is.
 */
export async function getMyScheduledCalls(projectId: number): Promise<ScheduledCall[]> {
  const { data } = await read<
    'GET /api/project/{id}',
    { currentUserScheduledCalls?: Array<Related<CallRecord>> }
  >('GET /api/project/{id}', {
    path: { id: projectId },
    params: { include: 'current-user-scheduled-calls' },
  });
  return (data.currentUserScheduledCalls ?? [])
    .map((call) => included(call))
    .filter((call) => call !== null)
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
