import type { CallStatus } from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Filter, read } from '../../../lib/api-client.ts';

export type StaffCall = {
  id: number;
  projectId: number;
  projectTitle: string;
  clientName: string;
  /** The instant, ISO-8601 UTC. */
  scheduled: string;
  /** The client's timezone. */
  timezone: string;
  status: CallStatus;
  outsideWorkHours: boolean;
};

export type CallsQuery = {
  page: number;
  /** 'upcoming' (from now, soonest first) or 'past' (before now, latest first). */
  when: 'upcoming' | 'past';
  status: CallStatus | null;
  /** Viewer-local day bounds as instants (ISO), or null. */
  from: string | null;
  to: string | null;
  /** The instant 'now' the upcoming/past split uses, fixed per visit so pages do not shift. */
  now: string;
};

export const CALLS_PAGE_SIZE = 10;

/** GET /api/scheduled-call/staff-search (docs/product.md §F1): one page of calls with project, client, time, state. */
export async function searchCalls(query: CallsQuery) {
  const filter: Filter[] = [];
  if (query.status) filter.push(['=', 'status', query.status]);
  if (query.when === 'upcoming')
    filter.push(['>=', 'scheduled', query.from && query.from > query.now ? query.from : query.now]);
  else filter.push(['<=', 'scheduled', query.to && query.to < query.now ? query.to : query.now]);
  if (query.when === 'upcoming' && query.to) filter.push(['<=', 'scheduled', query.to]);
  if (query.when === 'past' && query.from) filter.push(['>=', 'scheduled', query.from]);
  const { data, meta } = await read('GET /api/scheduled-call/staff-search', {
    params: {
      page: { page: query.page, size: CALLS_PAGE_SIZE },
      sort: query.when === 'upcoming' ? 'scheduled' : '-scheduled',
      filter,
    },
    suppressErrorToast: true,
  });
  const rows: StaffCall[] = data.map((c) => ({
    id: Number(c.id),
    projectId: c.project_id,
    projectTitle: c.project_title,
    clientName: c.client_name,
    scheduled: c.scheduled,
    timezone: c.timezone,
    status: c.status as CallStatus,
    outsideWorkHours: c.outside_work_hours,
  }));
  return { rows, pageCount: meta.pageCount, total: meta.total };
}

export const callsQueryKey = ['calls'] as const;

export const callsQueryOptions = (query: CallsQuery) =>
  queryOptions({
    queryKey: [...callsQueryKey, 'list', query],
    queryFn: () => searchCalls(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useCalls(query: CallsQuery) {
  return useQuery(callsQueryOptions(query));
}
