import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

/** POST /api/invitation/create (docs/product.md §A7): e-mails a sign-up link; the invited person becomes a client. */
export async function createInvitation(input: { email: string; projectId: number }): Promise<void> {
  await read('POST /api/invitation/create', {
    body: toDocument('invitation', { email: input.email, project_id: input.projectId }),
    // The invitation shows its own messages (docs/product.md §A8).
    suppressErrorToast: true,
  });
}

export function useCreateInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    // The project's pending invitations list gains the new one.
    onSuccess: (_done, input) => client.invalidateQueries({ queryKey: ['invitations', input.projectId] }),
  });
}
