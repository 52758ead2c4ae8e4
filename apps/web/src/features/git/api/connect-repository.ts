import type { Flattened, GitProvider, RepositoryWithSecretResource } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { gitKeys } from './git-keys.ts';

/** A repository as connected or rotated: the one answer that carries its webhook URL and secret. */
export type RepositoryWithSecret = Flattened<RepositoryWithSecretResource>;

/** POST /api/project/{id}/repositories. */
export async function connectRepository(input: {
  projectId: number;
  provider: GitProvider;
  name: string;
}): Promise<RepositoryWithSecret> {
  const { data } = await read('POST /api/project/{id}/repositories', {
    path: { id: input.projectId },
    body: toDocument('repository', { provider: input.provider, name: input.name }),
    suppressErrorToast: true,
  });
  return data;
}

export function useConnectRepository() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: connectRepository,
    onSuccess: (_done, input) =>
      client.invalidateQueries({ queryKey: gitKeys.repositories(input.projectId) }),
  });
}
