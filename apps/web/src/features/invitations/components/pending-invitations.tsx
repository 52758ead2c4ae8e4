import { formatDateTime, MESSAGES } from '@dd/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import {
  type PendingInvitation,
  usePendingInvitations,
  useResendInvitation,
  useRevokeInvitation,
} from '../api/invitations.ts';

/**
 * The project's pending invitations (docs/product.md §F5), for those who may invite: each with Resend (a new
 * link, the old one stops working) and Revoke (asks first). Nothing shows while there are none.
 */
export function PendingInvitations({ projectId }: { projectId: number }) {
  const list = usePendingInvitations(projectId);
  const resend = useResendInvitation(projectId);
  const revoke = useRevokeInvitation(projectId);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  // Times are shown in the viewer's zone, and say which (docs/product.md §F5).
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  if (list.isPending) return null;
  if (list.isError)
    return (
      <Group gap="sm" role="alert">
        <Text size="sm" c="red.9">
          Pending invitations could not be loaded.
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </Group>
    );
  if (list.data.length === 0) return null;
  return (
    <section aria-labelledby={`pending-invitations-${projectId}`}>
      <Title order={3} size="h6" id={`pending-invitations-${projectId}`} mb={6}>
        Pending invitations
      </Title>
      <Stack component="ul" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data.map((invitation) => (
          <Group
            key={invitation.id}
            component="li"
            justify="space-between"
            gap="xs"
            wrap="wrap"
            style={{ minWidth: 0 }}
          >
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {invitation.email}
              </Text>
              <Text size="xs" c="dimmed">
                Link valid until {formatDateTime(invitation.expiresAt, { timezone: zone })} ({zone})
              </Text>
            </div>
            <Group gap={6} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                loading={resend.isPending && resend.variables === invitation.id}
                aria-label={`Resend the invitation to ${invitation.email}`}
                onClick={() =>
                  resend.mutate(invitation.id, { onSuccess: () => notifySuccess(MESSAGES.invitationSent) })
                }
              >
                Resend
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Revoke the invitation to ${invitation.email}`}
                onClick={() => setRevoking(invitation)}
              >
                Revoke
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        message={revoking ? `Revoke the invitation to ${revoking.email}? Its link will stop working.` : ''}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => notifySuccess('Invitation revoked'),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </section>
  );
}
