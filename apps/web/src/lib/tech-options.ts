import { type AnswerIncluded, LABELS, type ResourceStub } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from './api-client.ts';

export type TechGroup = { group: string; items: Array<{ value: string; label: string }> };

/**
 * GET /api/tech/search?actualOnly=1&include=tech-group, grouped Backend, Frontend, ... Other (the product's
 * order) for one multi-select. A failed lookup is an empty list (docs/product.md §A8), so the form still works.
 */
type TechGroupRecord = AnswerIncluded<'GET /api/tech/search'>;
type TechRelations = { techGroup?: TechGroupRecord | ResourceStub | null };

export async function getTechOptions(): Promise<TechGroup[]> {
  try {
    const { data } = await read<'GET /api/tech/search', TechRelations>('GET /api/tech/search', {
      params: { actualOnly: 1, include: 'tech-group' },
      suppressErrorToast: true,
    });
    const groups = new Map<string, TechGroup['items']>();
    for (const row of data) {
      const group = included<TechGroupRecord>(row.techGroup)?.title ?? 'Other';
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group)!.push({ value: String(row.id), label: row.title });
    }
    const order: readonly string[] = LABELS.techGroups;
    const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : order.length);
    return [...groups.entries()]
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([group, items]) => ({ group, items }));
  } catch {
    return [];
  }
}

export const techOptionsQuery = () =>
  queryOptions({ queryKey: ['lookup', 'tech-options'], queryFn: getTechOptions, staleTime: 10 * 60_000 });

export function useTechOptions(): TechGroup[] {
  return useQuery(techOptionsQuery()).data ?? [];
}
