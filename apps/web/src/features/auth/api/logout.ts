import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';

/** DELETE /api/authorization/logout: the server revokes the token and clears the cookie. */
export async function logout(): Promise<void> {
  await read('DELETE /api/authorization/logout');
}

/**
 * Signs out and resets client state: every cached query belongs to the old user, so the cache is
 * cleared and the session set to anonymous, even when the call failed (the toast says so).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // Deployment settings (app-config) are not the user's data; keeping them avoids a spinner flash.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app-config' });
      queryClient.getMutationCache().clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
