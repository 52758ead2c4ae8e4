import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { callsQueryKey } from './search-calls.ts';

/** POST /api/scheduled-call/{id}/move with the new slot's instant; 409 when someone took it first. */
export async function moveCall(input: { id: number; start: string }) {
  return read('POST /api/scheduled-call/{id}/move', {
    path: { id: input.id },
    body: toDocument('scheduled-call', { start: input.start }),
    suppressErrorToast: true,
  });
}

export function useMoveCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCall,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: callsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['available-slots'] }),
        // The client's own open call on the project page (docs/product.md §C9).
        queryClient.invalidateQueries({ queryKey: ['my-scheduled-calls'] }),
      ]),
  });
}
