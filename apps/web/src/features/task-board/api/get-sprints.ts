import { sprintNumbers } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { boardKeys } from './board-keys.ts';

export type Sprint = {
  id: number;
  /** its number within the project, as the report names it (`sprintNumbers`) */
  number: number;
  statusId: number;
  started: string | null;
  finished: string | null;
  created: string;
};

/** GET /api/sprint/search (docs/product.md §A7: include task,project, filter project.id, size 0), newest first. */
export async function getSprints(projectId: number): Promise<Sprint[]> {
  const { data } = await read('GET /api/sprint/search', {
    params: { include: 'task,project', filter: [['=', 'project.id', projectId]], page: { size: 0 } },
  });
  const numbers = sprintNumbers(data.map((s) => Number(s.id)));
  return data.map((s) => ({
    id: Number(s.id),
    number: numbers.get(Number(s.id)) ?? 0,
    statusId: s.sprintStatusId,
    started: s.started || null,
    finished: s.finished || null,
    created: s.created,
  }));
}

export const sprintsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: boardKeys.sprints(projectId), queryFn: () => getSprints(projectId) });

export function useSprints(projectId: number) {
  return useQuery(sprintsQueryOptions(projectId));
}
