import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { callsQueryKey } from './search-calls.ts';

/** POST /api/scheduled-call/{id}/decline (docs/product.md §F1); the server mails the client a calendar update. */
export async function declineCall(id: number) {
  return read('POST /api/scheduled-call/{id}/decline', { path: { id }, suppressErrorToast: true });
}

export function useDeclineCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineCall,
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
