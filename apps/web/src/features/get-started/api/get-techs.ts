import { type AnswerData, type AnswerIncluded, LABELS, type ResourceStub } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from '../../../lib/api-client.ts';

export type TechGroup = { group: string; items: Array<{ value: string; label: string }> };

const GROUP_ORDER: readonly string[] = LABELS.techGroups;

/** Techs grouped Backend, Frontend, Databases, Server, Testing tools, Other (docs/product.md §C2), in that order. */
type TechGroupRecord = AnswerIncluded<'GET /api/tech/search'>;
type TechRelations = { techGroup?: TechGroupRecord | ResourceStub | null };
export type TechRow = AnswerData<'GET /api/tech/search', TechRelations>[number];

export function groupTechs(rows: TechRow[]): TechGroup[] {
  const groups = new Map<string, TechGroup['items']>();
  for (const row of rows) {
    const group = included<TechGroupRecord>(row.techGroup)?.title ?? 'Other';
    const title = row.title;
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
    const { data } = await read<'GET /api/tech/search', TechRelations>('GET /api/tech/search', {
      params: { actualOnly: 1, include: 'tech-group' },
      suppressErrorToast: true,
    });
    return groupTechs(data);
  } catch {
    return [];
  }
}

export const techsQueryOptions = () =>
  queryOptions({ queryKey: ['lookup', 'tech', 'actual'], queryFn: getTechs, staleTime: 10 * 60 * 1000 });

export function useTechs() {
  return useQuery(techsQueryOptions());
}
