import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { boardKeys } from './board-keys.ts';

export type Tag = { id: number; title: string };

/** GET /api/tag/search filtered by project.id (docs/product.md §A7). */
export async function getTags(projectId: number): Promise<Tag[]> {
  const { data } = await read('GET /api/tag/search', {
    params: { filter: [['=', 'project.id', projectId]], page: { size: 0 } },
  });
  return data.map((t) => ({ id: Number(t.id), title: t.title }));
}

export const tagsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: boardKeys.tags(projectId), queryFn: () => getTags(projectId) });

export function useTags(projectId: number) {
  return useQuery(tagsQueryOptions(projectId));
}
