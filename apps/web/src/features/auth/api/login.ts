import type { AnswerData, LoginInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { sessionQueryOptions } from './get-session.ts';

export type LoginAnswer = AnswerData<'POST /api/authorization/login'>;

/**
 * POST /api/authorization/login. The server answers with a token and also sets it as an HttpOnly
 * cookie, so the browser never stores the token itself. The screen shows its own messages: the
 * generic toast is suppressed (docs/product.md §C8).
 */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  const { data } = await read('POST /api/authorization/login', {
    body: toDocument('user', {
      login: input.login,
      password: input.password,
      remember: input.remember ?? '0',
    }),
    suppressErrorToast: true,
  });
  return data;
}

/** Logs in, then reloads the session so the shell and the guards see the signed-in user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}
