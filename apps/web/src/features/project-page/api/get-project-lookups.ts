import { queryOptions, useQuery } from '@tanstack/react-query';
import { lookupRows, type Option, toOptions } from '../../../lib/lookup-options.ts';
import { getTechOptions } from '../../../lib/tech-options.ts';

export type { Option } from '../../../lib/lookup-options.ts';

export type OptionGroup = { group: string; items: Option[] };
export type ProjectLookups = {
  types: Option[];
  sizes: Option[];
  budgets: Option[];
  starts: Option[];
  statuses: Option[];
  companySizes: Option[];
  timezones: Option[];
  techs: OptionGroup[];
};

/** Every choice list of the details form. */
export async function getProjectLookups(): Promise<ProjectLookups> {
  const [types, sizes, budgets, starts, statuses, companySizes, timezones, techs] = await Promise.all([
    lookupRows('/project-type'),
    lookupRows('/project-size'),
    lookupRows('/project-budget'),
    lookupRows('/project-start'),
    lookupRows('/project-status/search', { sort: 'position' }),
    lookupRows('/company-size'),
    lookupRows('/timezone'),
    getTechOptions(),
  ]);
  return {
    types: toOptions(types),
    sizes: toOptions(sizes),
    budgets: toOptions(budgets),
    starts: toOptions(starts),
    statuses: toOptions(statuses),
    companySizes: toOptions(companySizes),
    timezones: timezones.map((t) => ({ value: t.title, label: t.title })),
    techs,
  };
}

export const projectLookupsQueryOptions = () =>
  queryOptions({
    queryKey: ['lookup', 'project-page'],
    queryFn: getProjectLookups,
    staleTime: 10 * 60 * 1000,
  });

/** `enabled: false` waits (pending) without asking: the details card asks once the page is first idle. */
export function useProjectLookups(enabled = true) {
  return useQuery({ ...projectLookupsQueryOptions(), enabled });
}
