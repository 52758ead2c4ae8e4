import { MESSAGES } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** DELETE /api/team/{id}. */
export const deleteTeam = (id: number) => read('DELETE /api/team/{id}', { path: { id } });

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: async () => {
      notifySuccess(MESSAGES.teamDeleted);
      await queryClient.invalidateQueries({ queryKey: ['teams', 'table'] });
    },
  });
}
