import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { type TourState, tourStateQueryKey } from './get-tour-state.ts';

/** PATCH /api/project/{id}/tour-state. The page moves on at once; the server keeps it for other devices. */
export async function saveTourState(projectId: number, state: TourState): Promise<void> {
  await read('PATCH /api/project/{id}/tour-state', {
    path: { id: projectId },
    body: toDocument('tour-state', { step: state.step, visited: state.visited, openModal: state.openModal }),
    suppressErrorToast: true,
  });
}

export function useSaveTourState(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: TourState) => saveTourState(projectId, state),
    onMutate: (state) => queryClient.setQueryData(tourStateQueryKey(projectId), state),
  });
}
