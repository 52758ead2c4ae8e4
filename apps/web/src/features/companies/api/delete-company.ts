import { MESSAGES } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** DELETE /api/company/{id}. */
export const deleteCompany = (id: number) => read('DELETE /api/company/{id}', { path: { id } });

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: async () => {
      notifySuccess(MESSAGES.companyDeleted);
      await queryClient.invalidateQueries({ queryKey: ['companies', 'table'] });
    },
  });
}
