import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { projectObserversQueryKey } from './get-project-observers.ts';

/**
 * POST /api/project/{id}/observer: an invitation to an e-mail that is already registered adds that
 * person to the project as an observer instead (docs/product.md §A8). The form shows its own messages.
 */
export async function addObserver(input: { email: string; projectId: number }): Promise<void> {
  await read('POST /api/project/{id}/observer', {
    path: { id: input.projectId },
    body: toDocument('user', { email: input.email }),
    suppressErrorToast: true,
  });
}

export function useAddObserver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addObserver,
    onSuccess: (_done, input) =>
      client.invalidateQueries({ queryKey: projectObserversQueryKey(input.projectId) }),
  });
}
