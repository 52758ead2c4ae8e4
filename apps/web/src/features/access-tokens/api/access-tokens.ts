import type { AccessTokenScope } from '@dd/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

/** Whose tokens a list shows: mine, or (admins) everyone's. */
export type TokenOwners = 'mine' | 'all';
const accessTokensQueryKey = (owners: TokenOwners) => ['access-tokens', owners] as const;

/** GET /api/access-token/search: the tokens that still work, mine or (admins, filter[user_id]=all) everyone's. */
export async function getAccessTokens(owners: TokenOwners) {
  const { data } = await read('GET /api/access-token/search', {
    suppressErrorToast: true,
    ...(owners === 'all' ? { params: { 'filter[user_id]': 'all' } } : {}),
  });
  return data;
}

export function useAccessTokens(owners: TokenOwners) {
  return useQuery({
    queryKey: accessTokensQueryKey(owners),
    queryFn: () => getAccessTokens(owners),
    retry: false,
  });
}

export type NewAccessToken = { name: string; scope: AccessTokenScope; expiresAt: Date };

/** POST /api/access-token: the answer's `token` is the only time the secret is seen (ADR 0052). */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewAccessToken) => {
      const { data } = await read('POST /api/access-token', {
        body: toDocument('access-token', {
          name: input.name,
          scope: input.scope,
          'expires-at': input.expiresAt.toISOString(),
        }),
        suppressErrorToast: true,
      });
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['access-tokens'] }),
  });
}

/** DELETE /api/access-token/{id}: the token answers 401 from the next request on. */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => read('DELETE /api/access-token/{id}', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['access-tokens'] }),
  });
}
