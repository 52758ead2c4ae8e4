import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

const digestSettingQueryKey = ['digest-setting'] as const;

/** GET /api/digest/setting: whether this client gets the daily digest of updates (docs/product.md §F2). */
export async function getDigestSetting(): Promise<boolean> {
  const { data } = await read('GET /api/digest/setting', { suppressErrorToast: true });
  return data.digestEnabled;
}

export function useDigestSetting(enabled: boolean) {
  return useQuery({ queryKey: digestSettingQueryKey, queryFn: getDigestSetting, enabled, retry: false });
}

/** PATCH /api/digest/setting: the client turns their own digest on or off. */
export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      const { data } = await read('PATCH /api/digest/setting', {
        body: toDocument('digest-setting', { digestEnabled: on }),
      });
      return data.digestEnabled;
    },
    onSuccess: (on) => queryClient.setQueryData(digestSettingQueryKey, on),
  });
}
