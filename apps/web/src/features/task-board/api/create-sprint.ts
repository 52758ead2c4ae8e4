import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { refreshBoard } from './board-keys.ts';

/** POST /api/sprint/create with project_id (docs/product.md §A7); the sprint starts later. */
export async function createSprint(projectId: number): Promise<void> {
  await read('POST /api/sprint/create', { body: toDocument('sprint', { project_id: projectId }) });
}

export function useCreateSprint(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createSprint(projectId),
    onSuccess: () => refreshBoard(queryClient, projectId),
  });
}
