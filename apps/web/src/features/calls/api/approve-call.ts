import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { callsQueryKey } from './search-calls.ts';

/** POST /api/scheduled-call/{id}/approve (docs/product.md §F1); the server mails the client a calendar update. */
export async function approveCall(id: number) {
  return read('POST /api/scheduled-call/{id}/approve', { path: { id }, suppressErrorToast: true });
}

export function useApproveCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCall,
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
