import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useApproveCall } from '../api/approve-call.ts';
import { useDeclineCall } from '../api/decline-call.ts';
import type { StaffCall } from '../api/search-calls.ts';
import { callTime } from './call-format.ts';
import { CancelCallModal } from './cancel-call-modal.tsx';
import { callChangeError, MoveCallModal } from './move-call-modal.tsx';

const failed = (error: unknown) => notifyError(callChangeError(error));

/** The buttons of one call row: approve/decline while pending; cancel (confirmed) and move for any live call. */
export function CallActions({ call, zone }: { call: StaffCall; zone: string }) {
  const approve = useApproveCall();
  const decline = useDeclineCall();
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const label = `${call.projectTitle}, ${callTime(call.scheduled, zone)}`;
  return (
    <Group gap={6} wrap="wrap">
      {call.status === 'pending_approval' && (
        <>
          <Button
            size="xs"
            aria-label={`Approve call ${label}`}
            loading={approve.isPending}
            onClick={() =>
              approve.mutate(call.id, { onSuccess: () => notifySuccess('Call approved'), onError: failed })
            }
          >
            APPROVE
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={`Decline call ${label}`}
            loading={decline.isPending}
            onClick={() =>
              decline.mutate(call.id, { onSuccess: () => notifySuccess('Call declined'), onError: failed })
            }
          >
            DECLINE
          </Button>
        </>
      )}
      <Button size="xs" variant="light" aria-label={`Move call ${label}`} onClick={() => setMoving(true)}>
        MOVE
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={`Cancel call ${label}`}
        onClick={() => setConfirming(true)}
      >
        CANCEL CALL
      </Button>
      <CancelCallModal
        callId={call.id}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel this call?"
        keepLabel="KEEP IT"
        confirmLabel="YES, CANCEL THE CALL"
      >
        <Text>
          The call about “{call.projectTitle}” with {call.clientName} on {callTime(call.scheduled, zone)} (
          {zone}) will be cancelled, and {call.clientName} gets an e-mail that removes it from their calendar.
        </Text>
      </CancelCallModal>
      {moving && (
        <MoveCallModal
          callId={call.id}
          current={call.scheduled}
          zone={zone}
          note={`Now: ${callTime(call.scheduled, zone)} (${zone}). Pick a free time; ${call.clientName} gets an updated invite.`}
          onClose={() => setMoving(false)}
        />
      )}
    </Group>
  );
}
