import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import type { RepositoryWithSecret } from './connect-repository.ts';
import { gitKeys } from './git-keys.ts';

type Target = { projectId: number; repositoryId: string };

/** POST /api/repository/{id}/rotate-secret: the new secret, shown once. */
export async function rotateSecret(input: Target): Promise<RepositoryWithSecret> {
  const { data } = await read('POST /api/repository/{id}/rotate-secret', {
    path: { id: input.repositoryId },
  });
  return data;
}

/** DELETE /api/repository/{id}: its secret goes; its past commits and requests stay. */
export async function disconnectRepository(input: Target): Promise<void> {
  await read('DELETE /api/repository/{id}', { path: { id: input.repositoryId } });
}

export function useRotateSecret() {
  return useMutation({ mutationFn: rotateSecret });
}

export function useDisconnectRepository() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disconnectRepository,
    onSuccess: (_done, input) =>
      client.invalidateQueries({ queryKey: gitKeys.repositories(input.projectId) }),
  });
}
