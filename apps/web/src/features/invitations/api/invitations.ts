import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type PendingInvitation = {
  id: number;
  email: string;
  invitedBy: string | null;
  created: string;
  expiresAt: string;
};

export const pendingInvitationsKey = (projectId: number) => ['invitations', projectId] as const;

/** GET /api/invitation/search?filter[project_id]=N: unused, unexpired invitations, newest first. */
export async function getPendingInvitations(projectId: number): Promise<PendingInvitation[]> {
  const { data } = await read('GET /api/invitation/search', {
    params: { 'filter[project_id]': projectId },
    // The list shows its own error and Retry.
    suppressErrorToast: true,
  });
  return (data ?? []).map((row) => ({
    id: Number(row.id),
    email: row.email,
    invitedBy: row.invitedBy,
    created: row.created,
    expiresAt: row.expiresAt,
  }));
}

export function usePendingInvitations(projectId: number, enabled = true) {
  return useQuery({
    queryKey: pendingInvitationsKey(projectId),
    queryFn: () => getPendingInvitations(projectId),
    enabled,
  });
}

/** POST /api/invitation/{id}/resend: a new link is mailed, the old one stops working. */
export function useResendInvitation(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => read('POST /api/invitation/{id}/resend', { path: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: pendingInvitationsKey(projectId) }),
  });
}

/** DELETE /api/invitation/{id}: the link stops working. */
export function useRevokeInvitation(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => read('DELETE /api/invitation/{id}', { path: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: pendingInvitationsKey(projectId) }),
  });
}
