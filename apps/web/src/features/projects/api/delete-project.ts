import { MESSAGES } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** DELETE /api/project/{id}; the server checks the permission again. */
export const deleteProject = (id: number) => read('DELETE /api/project/{id}', { path: { id } });

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async () => {
      notifySuccess(MESSAGES.projectDeleted);
      // The current page is reloaded after a delete (docs/product.md §A4).
      await queryClient.invalidateQueries({ queryKey: ['projects', 'table'] });
    },
  });
}
