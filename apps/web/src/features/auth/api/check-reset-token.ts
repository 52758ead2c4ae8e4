import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError, read } from '../../../lib/api-client.ts';

/**
 * GET /api/authorization/reset-token?token=: the user a reset link belongs to, or null when the token
 * is unknown, used or expired (the server's 4xx answer; its own text is never shown, docs/product.md §C8).
 * A network or server failure is thrown, so the page can tell "could not check" from "invalid".
 */
export async function checkResetToken(token: string): Promise<number | null> {
  try {
    const { data } = await read('GET /api/authorization/reset-token', {
      params: { token },
      suppressErrorToast: true,
    });
    const userId = data.userId;
    return Number.isInteger(userId) && userId > 0 ? userId : null;
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useResetToken(token: string) {
  return useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
}
