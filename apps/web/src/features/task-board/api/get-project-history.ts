import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { boardKeys } from './board-keys.ts';

export type HistoryEntry = {
  id: number;
  entity: string;
  entityId: number;
  action: string;
  details: Record<string, unknown>;
  actorName: string | null;
  created: string;
};

/** GET /api/project-history/search?project_id=&page[page]= (docs/product.md §A7), newest first, 15 a page. */
export async function getProjectHistory(projectId: number, page: number) {
  const { data, meta } = await read('GET /api/project-history/search', {
    params: { project_id: projectId, page: { page } },
  });
  const entries: HistoryEntry[] = data.map((e) => ({
    id: Number(e.id),
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    details: e.details,
    actorName: e.actorName || null,
    created: e.created,
  }));
  return { entries, pageCount: meta.pageCount };
}

export const projectHistoryQueryOptions = (projectId: number, page: number) =>
  queryOptions({
    queryKey: boardKeys.history(projectId, page),
    queryFn: () => getProjectHistory(projectId, page),
    placeholderData: keepPreviousData,
  });

export function useProjectHistory(projectId: number, page: number) {
  return useQuery(projectHistoryQueryOptions(projectId, page));
}
