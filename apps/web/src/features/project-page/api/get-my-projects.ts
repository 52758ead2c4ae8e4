import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type StripProject = {
  id: number;
  title: string;
  created: string;
  start: string | null;
  teamSize: number;
};

/** GET /api/project/mine: the signed-in client's projects for the shell's strip (docs/product.md §C2). */
export async function getMyProjects(): Promise<StripProject[]> {
  const { data } = await read('GET /api/project/mine', { suppressErrorToast: true });
  return data.map((p) => ({
    id: Number(p.id),
    title: p.title,
    created: p.created,
    start: p.start,
    teamSize: p.teamSize,
  }));
}

export const myProjectsQueryKey = ['project', 'mine'] as const;

export const myProjectsQueryOptions = () =>
  queryOptions({ queryKey: myProjectsQueryKey, queryFn: getMyProjects, retry: false });

export function useMyProjects(enabled: boolean) {
  return useQuery({ ...myProjectsQueryOptions(), enabled });
}
