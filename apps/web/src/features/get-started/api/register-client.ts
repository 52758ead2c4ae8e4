import type { RegisterClientInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { sessionQueryOptions } from '../../auth/api/get-session.ts';

/** A signed-in client sends only company and project (docs/product.md §C2 step 6). */
export type RegisterClientRequest = Omit<RegisterClientInput, 'user'> & {
  user?: RegisterClientInput['user'];
};

/**
 * POST /api/user/register-client (docs/product.md §C7). The answer's data.project id drives the redirect; the
 * server sets the session cookie itself, so the token in data.authorization is not kept by the page.
 * The wizard shows its own messages (docs/product.md §C8): the generic toast is suppressed.
 */
export async function registerClient(request: RegisterClientRequest): Promise<{ projectId: number }> {
  const { data } = await read('POST /api/user/register-client', {
    body: { data: { type: 'user', attributes: request } },
    suppressErrorToast: true,
  });
  return { projectId: data.projectId };
}

/** Registers, then reloads the session so the guards see the new client before the redirect. */
export function useRegisterClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerClient,
    onSuccess: async () => {
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}
