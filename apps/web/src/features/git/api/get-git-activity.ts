import type {
  Flattened,
  GitCommitResource,
  GitPullRequestResource,
  RepositoryResource,
  ResourceStub,
} from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from '../../../lib/api-client.ts';
import { gitKeys } from './git-keys.ts';

type RepositoryRecord = Flattened<RepositoryResource>;
type Related = { repository: RepositoryRecord | ResourceStub };
export type GitCommit = Flattened<GitCommitResource, Related>;
export type GitPullRequest = Flattened<GitPullRequestResource, Related>;
export type GitActivity = { commits: GitCommit[]; requests: GitPullRequest[] };

const ACTIVITY_SIZE = 20;

/** The repository's name when the answer included it. */
export const repositoryName = (r: RepositoryRecord | ResourceStub): string | null =>
  included<RepositoryRecord>(r)?.name ?? null;

/** GET /api/project/{id}/git-activity: the newest commits and pull/merge requests (of one task, when given). */
export async function getGitActivity(projectId: number, taskId?: number): Promise<GitActivity> {
  const { data } = await read<'GET /api/project/{id}/git-activity', Related>(
    'GET /api/project/{id}/git-activity',
    {
      path: { id: projectId },
      params: { page: { size: ACTIVITY_SIZE }, ...(taskId === undefined ? {} : { 'filter[task]': taskId }) },
    },
  );
  return {
    commits: data.filter((r): r is GitCommit => r.type === 'git-commit'),
    requests: data.filter((r): r is GitPullRequest => r.type === 'git-pull-request'),
  };
}

export const gitActivityQueryOptions = (projectId: number, taskId?: number) =>
  queryOptions({
    queryKey: gitKeys.activity(projectId, taskId),
    queryFn: () => getGitActivity(projectId, taskId),
  });

export function useGitActivity(projectId: number, taskId?: number) {
  return useQuery(gitActivityQueryOptions(projectId, taskId));
}
