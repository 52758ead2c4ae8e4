import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';
import { boardKeys, str, strOrNull } from './board-keys.ts';

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
  const { data } = await api.get<Resource>('/page-tasks/sidebar', { params: { project_id: projectId } });
  const people = Array.isArray(data.projectUsers) ? (data.projectUsers as Resource[]) : [];
  return {
    doneTask: Number(data.doneTask ?? 0),
    projectUser: Number(data.projectUser ?? 0),
    ownTask: Number(data.ownTask ?? 0),
    newTask: Number(data.newTask ?? 0),
    devRoadblock: Number(data.devRoadblock ?? 0),
    clientRoadblock: Number(data.clientRoadblock ?? 0),
    people: people.map((p) => ({
      id: Number(p.id),
      name: str(p.name),
      role: str(p.role),
      avatar: strOrNull(p.avatar),
    })),
  };
}

export const sidebarQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: boardKeys.sidebar(projectId), queryFn: () => getSidebar(projectId) });

export function useSidebar(projectId: number) {
  return useQuery(sidebarQueryOptions(projectId));
}
