import type { InvitedSignUpBody } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { sessionQueryOptions } from '../../auth/api/get-session.ts';

/**
 * POST /api/authorization/register (always a client, on the invited project), then the login call
 * with the e-mail and the password (docs/product.md §A7). The avatar, if any, travels inline as a data URL.
 * The reloaded session sends the new client to the invited project (their last project).
 */
export async function registerInvitedUser(input: InvitedSignUpBody): Promise<void> {
  await read('POST /api/authorization/register', {
    body: toDocument('user', { ...input }),
    suppressErrorToast: true,
  });
  // The sign-in call itself (features do not import each other; the session module is the exception).
  await read('POST /api/authorization/login', {
    body: toDocument('user', { login: input.email, password: input.password, remember: '1' }),
    suppressErrorToast: true,
  });
}

export function useRegisterInvitedUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerInvitedUser,
    onSuccess: async () => {
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}
