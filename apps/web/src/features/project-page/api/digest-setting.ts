import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toDocument } from '../../../lib/api-client.ts';

const digestSettingQueryKey = ['digest-setting'] as const;

/** GET /api/digest/setting: whether this client gets the daily digest of updates (docs/product.md §F2). */
export async function getDigestSetting(): Promise<boolean> {
  const { data } = await api.get('/digest/setting', { suppressErrorToast: true });
  return data.digestEnabled === true;
}

export function useDigestSetting(enabled: boolean) {
  return useQuery({ queryKey: digestSettingQueryKey, queryFn: getDigestSetting, enabled, retry: false });
}

/** PATCH /api/digest/setting: the client turns their own digest on or off. */
export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      const { data } = await api.patch(
        '/digest/setting',
        toDocument('digest-setting', { digestEnabled: on }),
      );
      return data.digestEnabled === true;
    },
    onSuccess: (on) => queryClient.setQueryData(digestSettingQueryKey, on),
  });
}
