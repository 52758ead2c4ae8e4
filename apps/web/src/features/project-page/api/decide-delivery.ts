import type { DeliveryDecision } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { deliveriesQueryKey } from './get-deliveries.ts';
import { projectProgressQueryKey } from './get-project-progress.ts';

export type DecideInput = { projectId: number; taskId: string; decision: DeliveryDecision; reason?: string };

/**
 * POST /api/task/{id}/accept or /reject (reason required). A 409 (someone else decided first) is shown
 * by the card with the server's words, so no generic toast.
 */
export async function decideDelivery(input: DecideInput): Promise<void> {
  const options = {
    path: { id: input.taskId },
    body: toDocument('delivery', input.reason === undefined ? {} : { reason: input.reason }),
    suppressErrorToast: true,
  };
  if (input.decision === 'accept') await read('POST /api/task/{id}/accept', options);
  else await read('POST /api/task/{id}/reject', options);
}

export function useDecideDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDelivery,
    // Refetched on success and on a 409 alike: either way the list on screen is out of date.
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(input.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectProgressQueryKey(input.projectId) }),
      ]),
  });
}
