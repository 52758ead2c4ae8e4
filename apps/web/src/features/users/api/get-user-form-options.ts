import { queryOptions, useQuery } from '@tanstack/react-query';
import { lookupRows, useLookupOptions } from '../../../lib/lookup-options.ts';
import { useTechOptions } from '../../../lib/tech-options.ts';

export type { Option } from '../../../lib/lookup-options.ts';

const WHOLE_BY_TITLE = { sort: 'title', page: { size: 0 } } as const;

/** GET /api/timezone/search: zone names for the Time zone select. */
export const timezoneOptionsQuery = () =>
  queryOptions({
    queryKey: ['lookup', 'timezone-titles'],
    staleTime: 60 * 60_000,
    queryFn: async () => (await lookupRows('/timezone/search')).map((r) => r.title).filter(Boolean),
  });

/**
 * The user forms' selects: every company (Client company) and every team, read whole by title
 * (GET /api/company/search, /api/team/search with page[size]=0), the techs and the zones.
 */
export function useUserFormOptions() {
  return {
    companies: useLookupOptions('/company/search', WHOLE_BY_TITLE),
    teams: useLookupOptions('/team/search', WHOLE_BY_TITLE),
    techGroups: useTechOptions(),
    timezones: useQuery(timezoneOptionsQuery()).data ?? [],
  };
}
