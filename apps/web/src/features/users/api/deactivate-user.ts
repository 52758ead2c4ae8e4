import { MESSAGES } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** DELETE /api/user/{id} deactivates the user (docs/product.md §A7). */
export const deactivateUser = (id: number) => read('DELETE /api/user/{id}', { path: { id } });

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: async () => {
      notifySuccess(MESSAGES.userDeactivated);
      await queryClient.invalidateQueries({ queryKey: ['users', 'table'] });
    },
  });
}
