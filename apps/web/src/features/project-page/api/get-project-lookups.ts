import { LABELS } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Resource } from '../../../lib/api-client.ts';
import { lookupRows, type Option, toOptions } from '../../../lib/lookup-options.ts';

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

function groupTechs(rows: Resource[]): OptionGroup[] {
  const order: readonly string[] = LABELS.techGroups;
  const groups = new Map<string, Option[]>();
  for (const row of rows) {
    const group = str((row.techGroup as Resource | null)?.title) || 'Other';
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push({ value: String(row.id), label: str(row.title) });
  }
  const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : order.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([group, items]) => ({ group, items }));
}
const str = (v: unknown) => (typeof v === 'string' ? v : '');

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
    lookupRows('/tech/search', { actualOnly: 1, include: 'tech-group' }),
  ]);
  return {
    types: toOptions(types),
    sizes: toOptions(sizes),
    budgets: toOptions(budgets),
    starts: toOptions(starts),
    statuses: toOptions(statuses),
    companySizes: toOptions(companySizes),
    timezones: timezones.map((t) => ({ value: str(t.title), label: str(t.title) })),
    techs: groupTechs(techs),
  };
}

export const projectLookupsQueryOptions = () =>
  queryOptions({
    queryKey: ['lookup', 'project-page'],
    queryFn: getProjectLookups,
    staleTime: 10 * 60 * 1000,
  });

export function useProjectLookups() {
  return useQuery(projectLookupsQueryOptions());
}
