import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { sessionQueryOptions } from './get-session.ts';

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
  // Loaded here rather than imported: shared with the change-password page, the sign-in request would
  // sit in the shared chunk, and the sign-in page would load that chunk and the UI library it needs
  // before its first paint (docs/adr/0029).
  const { login } = await import('./login.ts');
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
