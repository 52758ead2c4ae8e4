import { LABELS } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type TechGroup = { group: string; items: Array<{ value: string; label: string }> };

const GROUP_ORDER: readonly string[] = LABELS.techGroups;

/** Techs grouped Backend, Frontend, Databases, Server, Testing tools, Other (client §2), in that order. */
export function groupTechs(rows: Resource[]): TechGroup[] {
  const groups = new Map<string, TechGroup['items']>();
  for (const row of rows) {
    const related = row.techGroup as Resource | null | undefined;
    const group = typeof related?.title === 'string' ? related.title : 'Other';
    const title = typeof row.title === 'string' ? row.title : '';
    if (!title) continue;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push({ value: String(row.id), label: title });
  }
  const rank = (name: string) =>
    GROUP_ORDER.includes(name) ? GROUP_ORDER.indexOf(name) : GROUP_ORDER.length;
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([group, items]) => ({ group, items }));
}

/** GET /api/tech/search?actualOnly=1&include=tech-group; an empty set when the call fails. */
export async function getTechs(): Promise<TechGroup[]> {
  try {
    const { data } = await api.get<Resource[]>('/tech/search', {
      params: { actualOnly: 1, include: 'tech-group' },
      suppressErrorToast: true,
    });
    return groupTechs(data ?? []);
  } catch {
    return [];
  }
}

export const techsQueryOptions = () =>
  queryOptions({ queryKey: ['lookup', 'tech', 'actual'], queryFn: getTechs, staleTime: 10 * 60 * 1000 });

export function useTechs() {
  return useQuery(techsQueryOptions());
}
