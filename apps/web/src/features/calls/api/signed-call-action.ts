import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { callsQueryKey } from './search-calls.ts';

/**
 * GET /api/scheduled-call/signed-action?token= (docs/product.md §F1): the call and the action a mail's
 * signed Approve or Decline link names. Opening it changes nothing; the page's button confirms.
 */
export const callActionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['call-action', token],
    queryFn: async () => {
      const answer = await read('GET /api/scheduled-call/signed-action', {
        params: { token },
        suppressErrorToast: true,
      });
      return answer.data;
    },
    retry: false,
  });

export function useCallAction(token: string) {
  return useQuery(callActionQueryOptions(token));
}

/** POST /api/scheduled-call/signed-action: approve or decline; the server mails the client. */
export function useConfirmCallAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      read('POST /api/scheduled-call/signed-action', {
        body: toDocument('call-action', { token }),
        suppressErrorToast: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
