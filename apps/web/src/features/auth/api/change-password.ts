import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { sessionQueryOptions } from './get-session.ts';
import { login } from './login.ts';

export type ChangePasswordInput = { userId: number; token: string; password: string };

/**
 * PATCH /api/user/{id} with the new password and the reset token, then signs in with the login the
 * answer carries and the new password (docs/product.md §C7). Reloading the session lets the guards take
 * the user home.
 */
export async function changePassword({ userId, token, password }: ChangePasswordInput): Promise<void> {
  const { data } = await read('PATCH /api/user/{id}', {
    path: { id: userId },
    body: toDocument('user', { password, token }, { id: userId }),
    suppressErrorToast: true,
  });
  await login({ login: String(data.login), password, remember: '1' });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}
