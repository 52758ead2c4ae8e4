import { LABELS } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { projectUpdatesQueryKey } from './get-project-updates.ts';

export type PostUpdateInput = { projectId: number; reporterUserId: number; description: string };

/** POST /api/project-update/post (docs/product.md §C7); the server records the caller as the reporter. */
export async function postProjectUpdate(input: PostUpdateInput): Promise<void> {
  await read('POST /api/project-update/post', {
    body: toDocument('project-update', {
      title: LABELS.projectUpdateTitle,
      project_id: input.projectId,
      reporter_user_id: input.reporterUserId,
      description: input.description,
    }),
  });
}

export function usePostProjectUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postProjectUpdate,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({ queryKey: projectUpdatesQueryKey(input.projectId) }),
  });
}
