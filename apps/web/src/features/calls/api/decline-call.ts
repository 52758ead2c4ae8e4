import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';
import { callsQueryKey } from './search-calls.ts';

/** POST /api/scheduled-call/{id}/decline (issue 14 §2); the server mails the client a calendar update. */
export async function declineCall(id: number) {
  return api.post<Resource>(`/scheduled-call/${id}/decline`, undefined, { suppressErrorToast: true });
}

export function useDeclineCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineCall,
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
