import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { callsQueryKey } from './search-calls.ts';

/** POST /api/scheduled-call/{id}/cancel (docs/product.md §F1, §C9: staff, or a client their own call); the server mails the client a calendar update. */
export async function cancelCall(id: number) {
  return read('POST /api/scheduled-call/{id}/cancel', { path: { id }, suppressErrorToast: true });
}

export function useCancelCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCall,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: callsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['available-slots'] }),
        // The client's own open call on the project page (docs/product.md §C9).
        queryClient.invalidateQueries({ queryKey: ['my-scheduled-calls'] }),
      ]),
  });
}
