import type { AdminCreateCompanyInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

/** POST /api/company/create with the company fields (docs/product.md §A7). */
export async function createCompany(attributes: AdminCreateCompanyInput) {
  return read('POST /api/company/create', { body: toDocument('company', { ...attributes }) });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['companies'] }),
  });
}
