import { DEFAULT_ACCOUNT_MANAGER_SETTING } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { defaultAccountManagerQueryKey, type Setting } from './get-default-account-manager.ts';

/**
 * The first save creates the setting (POST /api/setting/create with name and value); later saves change
 * its value (PATCH /api/setting/{id}, type setting) — docs/product.md §A4, §A7.
 */
export async function saveDefaultAccountManager(input: { existing: Setting | null; userId: string }) {
  const { existing, userId } = input;
  if (existing === null)
    return read('POST /api/setting/create', {
      body: toDocument('setting', { name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: userId }),
    });
  return read('PATCH /api/setting/{id}', {
    path: { id: existing.id },
    body: toDocument('setting', { value: userId }, { id: existing.id }),
  });
}

export function useSaveDefaultAccountManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDefaultAccountManager,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: defaultAccountManagerQueryKey }),
  });
}
