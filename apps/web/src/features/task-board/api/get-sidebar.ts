import type { Flattened, Related, UserResource } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from '../../../lib/api-client.ts';
import { boardKeys } from './board-keys.ts';

export type ProjectPerson = { id: number; name: string; role: string; avatar: string | null };
export type Sidebar = {
  doneTask: number;
  projectUser: number;
  ownTask: number;
  newTask: number;
  devRoadblock: number;
  clientRoadblock: number;
  people: ProjectPerson[];
};

/** GET /api/page-tasks/sidebar?project_id= (docs/product.md §A7): counts and the project's people. */
export async function getSidebar(projectId: number): Promise<Sidebar> {
  const { data } = await read<
    'GET /api/page-tasks/sidebar',
    { projectUsers: Array<Related<Flattened<UserResource>>> }
  >('GET /api/page-tasks/sidebar', { params: { project_id: projectId } });
  const { doneTask, projectUser, ownTask, newTask, devRoadblock, clientRoadblock } = data;
  return {
    doneTask,
    projectUser,
    ownTask,
    newTask,
    devRoadblock,
    clientRoadblock,
    people: data.projectUsers
      .map((p) => included(p))
      .filter((p) => p !== null)
      .map((p) => ({ id: Number(p.id), name: p.name, role: p.role, avatar: p.avatar || null })),
  };
}

export const sidebarQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: boardKeys.sidebar(projectId), queryFn: () => getSidebar(projectId) });

export function useSidebar(projectId: number) {
  return useQuery(sidebarQueryOptions(projectId));
}
