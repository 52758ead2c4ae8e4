import { PHONE_PREFIX_BLACKLIST_SETTING } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import type { Setting } from './get-default-account-manager.ts';
import { phonePrefixBlacklistQueryKey } from './get-phone-prefix-blacklist.ts';

/** Creates the setting when missing, else PATCH /api/setting/{id} with the new list. */
export async function savePhonePrefixBlacklist(input: { existing: Setting | null; value: string }) {
  const { existing, value } = input;
  if (existing === null)
    return read('POST /api/setting/create', {
      body: toDocument('setting', { name: PHONE_PREFIX_BLACKLIST_SETTING, value }),
    });
  return read('PATCH /api/setting/{id}', {
    path: { id: existing.id },
    body: toDocument('setting', { value }, { id: existing.id }),
  });
}

export function useSavePhonePrefixBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePhonePrefixBlacklist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonePrefixBlacklistQueryKey }),
  });
}
