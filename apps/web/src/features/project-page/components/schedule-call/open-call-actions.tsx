import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCancelCall } from '../../../calls/api/cancel-call.ts';
import { callChangeError, MoveCallModal } from '../../../calls/components/move-call-modal.tsx';
import type { ScheduledCall } from '../../api/schedule-call-my-calls.ts';
import { longDateTime } from './schedule-call-format.ts';

/**
 * The project's open call, as its client may still change it (docs/product.md §C9): not cancelled and not
 * started. The server says the same; this only decides whether Move and Cancel are offered.
 */
export function isChangeableCall(call: Pick<ScheduledCall, 'status' | 'scheduled'>, now: number): boolean {
  return call.status !== 'cancelled' && Date.parse(call.scheduled) > now;
}

/**
 * Move and Cancel on the client's open-call card (docs/product.md §C9). Move opens the slot picker in the
 * client's zone; Cancel asks first, and once cancelled the card turns back into the booking prompt (the
 * project's calls reload).
 */
export function OpenCallActions({ call, timezone }: { call: ScheduledCall; timezone: string }) {
  const cancel = useCancelCall();
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const when = `${longDateTime(call.scheduled, timezone)} (${timezone})`;
  const close = () => {
    setConfirming(false);
    cancel.reset();
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        aria-label={`Move the call on ${when}`}
        onClick={() => setMoving(true)}
        disabled={cancel.isPending}
      >
        Move
      </Button>
      <Button
        size="xs"
        variant="default"
        aria-label={`Cancel the call on ${when}`}
        onClick={() => setConfirming(true)}
        loading={cancel.isPending}
      >
        Cancel
      </Button>
      <Modal
        opened={confirming}
        onClose={close}
        title="Cancel your discovery call?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            Your call on {when} will be cancelled, and you get an e-mail that removes it from your calendar.
            You can book another time afterwards.
          </Text>
          {cancel.isError && (
            <Alert color="red" role="alert" title="The call was not cancelled">
              {callChangeError(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(call.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    notifySuccess('Call cancelled');
                  },
                })
              }
            >
              Yes, cancel the call
            </Button>
          </Group>
        </Stack>
      </Modal>
      {moving && (
        <MoveCallModal
          callId={call.id}
          zone={timezone}
          note={`Now: ${when}. Pick a free time; you get an updated invite by e-mail.`}
          onClose={() => setMoving(false)}
        />
      )}
    </Group>
  );
}
