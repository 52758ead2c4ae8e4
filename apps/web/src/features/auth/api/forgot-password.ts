import { useMutation } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

/**
 * POST /api/authorization/forgot: mails a link to the change-password page. The page shows its own
 * messages for the answers it knows (docs/product.md §C8), so the generic toast is suppressed.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await read('POST /api/authorization/forgot', {
    body: toDocument('user', {
      email,
      redirect_url: `${window.location.origin}/login/change-password`,
    }),
    suppressErrorToast: true,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
