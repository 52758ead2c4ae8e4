import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type Invitation = { email: string; projectId: number | null };

/** GET /api/invitation/my?token=: the invited e-mail, or null when the link is invalid, expired or used. */
export async function getInvitation(token: string): Promise<Invitation | null> {
  try {
    const { data } = await api.get<Resource>('/invitation/my', {
      params: { token },
      suppressErrorToast: true,
    });
    if (typeof data?.email !== 'string') return null;
    const projectId = Number(data.projectId);
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
