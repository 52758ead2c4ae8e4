import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type Invitation = { email: string; projectId: number | null };

/** GET /api/invitation/my?token=: the invited e-mail, or null when the link is invalid, expired or used. */
export async function getInvitation(token: string): Promise<Invitation | null> {
  try {
    const { data } = await read('GET /api/invitation/my', {
      params: { token },
      suppressErrorToast: true,
    });
    if (!data) return null;
    const projectId = data.projectId;
    return { email: data.email, projectId: Number.isInteger(projectId) && projectId > 0 ? projectId : null };
  } catch {
    return null;
  }
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}
