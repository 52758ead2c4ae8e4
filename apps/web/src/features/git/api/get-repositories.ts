import type { Flattened, RepositoryResource } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { gitKeys } from './git-keys.ts';

export type Repository = Flattened<RepositoryResource>;

/** GET /api/project/{id}/repositories: the connected repositories (no secret). */
export async function getRepositories(projectId: number): Promise<Repository[]> {
  const { data } = await read('GET /api/project/{id}/repositories', { path: { id: projectId } });
  return data;
}

export const repositoriesQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: gitKeys.repositories(projectId), queryFn: () => getRepositories(projectId) });

export function useRepositories(projectId: number) {
  return useQuery(repositoriesQueryOptions(projectId));
}
