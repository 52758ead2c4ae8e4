import { MESSAGES } from '@dd/domain';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAvailableSlots } from '../../project-page/api/get-available-slots.ts';
import { useApproveCall } from '../api/approve-call.ts';
import { useCancelCall } from '../api/cancel-call.ts';
import { useDeclineCall } from '../api/decline-call.ts';
import { useMoveCall } from '../api/move-call.ts';
import type { StaffCall } from '../api/search-calls.ts';
import { callTime } from './call-format.ts';

const failed = (error: unknown) =>
  notifyError(isApiError(error) && error.status > 0 ? error.message : MESSAGES.genericError);

/** The buttons of one call row: approve/decline while pending; cancel (confirmed) and move for any live call. */
export function CallActions({ call, zone }: { call: StaffCall; zone: string }) {
  const approve = useApproveCall();
  const decline = useDeclineCall();
  const cancel = useCancelCall();
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
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel this call?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            The call about “{call.projectTitle}” with {call.clientName} on {callTime(call.scheduled, zone)} (
            {zone}) will be cancelled, and {call.clientName} gets an e-mail that removes it from their
            calendar.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              KEEP IT
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
                  onError: failed,
                })
              }
            >
              YES, CANCEL THE CALL
            </Button>
          </Group>
        </Stack>
      </Modal>
      {moving && <MoveModal call={call} zone={zone} onClose={() => setMoving(false)} />}
    </Group>
  );
}

/** Pick another free slot (the clients' slot list, in the viewer's zone) and move the call there. */
function MoveModal({ call, zone, onClose }: { call: StaffCall; zone: string; onClose: () => void }) {
  const slots = useAvailableSlots(zone, true);
  const move = useMoveCall();
  const [date, setDate] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const day = slots.data?.find((d) => d.date === date) ?? slots.data?.[0];
  return (
    <Modal
      opened
      onClose={onClose}
      title="Move the call"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Now: {callTime(call.scheduled, zone)} ({zone}). Pick a free time; {call.clientName} gets an updated
          invite.
        </Text>
        {slots.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Loading free times…</Text>
          </Group>
        ) : slots.isError ? (
          <Alert color="red" title="Could not load the free times">
            <Button size="xs" variant="light" onClick={() => slots.refetch()}>
              RETRY
            </Button>
          </Alert>
        ) : !day ? (
          <Text role="status">No free times in the next weeks.</Text>
        ) : (
          <>
            <Select
              label="Day"
              value={day.date}
              onChange={(v) => {
                setDate(v);
                setStart(null);
              }}
              data={(slots.data ?? []).map((d) => ({ value: d.date, label: d.date }))}
              allowDeselect={false}
            />
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing={6} role="group" aria-label="Free times">
              {day.slots.map((s) => (
                <Button
                  key={s.start}
                  size="xs"
                  variant={start === s.start ? 'filled' : 'default'}
                  aria-pressed={start === s.start}
                  onClick={() => setStart(s.start)}
                >
                  {s.readableTime}
                </Button>
              ))}
            </SimpleGrid>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            CLOSE
          </Button>
          <Button
            disabled={start === null}
            loading={move.isPending}
            onClick={() =>
              start &&
              move.mutate(
                { id: call.id, start },
                {
                  onSuccess: () => {
                    notifySuccess('Call moved');
                    onClose();
                  },
                  onError: failed,
                },
              )
            }
          >
            MOVE HERE
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
