import { MESSAGES } from '@dd/domain';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAvailableSlots } from '../../project-page/api/get-available-slots.ts';
import { useMoveCall } from '../api/move-call.ts';
import { dayLabel, firstMoveDay } from './call-format.ts';

/** What a failed call change says: the server's title (a taken slot, the booking rules), else the generic one. */
export const callChangeError = (error: unknown) =>
  isApiError(error) && error.status > 0 ? error.message : MESSAGES.genericError;

/**
 * Pick another free slot (the clients' slot list, in `zone`, days named with their weekday, opening on
 * the call's own day) and move the call there: the Calls screen's
 * move and the client's own (docs/product.md §C9, §F1). A refusal (taken meanwhile, too close) shows in the
 * dialog and the free times reload.
 */
export function MoveCallModal({
  callId,
  current,
  note,
  zone,
  onClose,
}: {
  callId: number;
  /** When the call is now (ISO): the dialog opens on that day, not on today. */
  current: string;
  /** The sentence above the picker: where the call is now and who gets an update. */
  note: string;
  zone: string;
  onClose: () => void;
}) {
  const slots = useAvailableSlots(zone, true);
  const move = useMoveCall();
  const [date, setDate] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const shown = date ?? firstMoveDay(slots.data ?? [], current, zone);
  const day = slots.data?.find((d) => d.date === shown) ?? slots.data?.[0];
  return (
    <Modal
      opened
      onClose={onClose}
      title="Move the call"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">{note}</Text>
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
              data={(slots.data ?? []).map((d) => ({ value: d.date, label: dayLabel(d.date) }))}
              allowDeselect={false}
            />
            <Text size="xs" c="dimmed">
              Times in {zone}.
            </Text>
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing={6} role="group" aria-label="Free times">
              {day.slots.map((s) => (
                <Button
                  key={s.start}
                  size="xs"
                  variant={start === s.start ? 'filled' : 'default'}
                  aria-pressed={start === s.start}
                  disabled={move.isPending}
                  onClick={() => {
                    move.reset();
                    setStart(s.start);
                  }}
                >
                  {s.readableTime}
                </Button>
              ))}
            </SimpleGrid>
          </>
        )}
        {move.isError && (
          <Alert color="red" role="alert" title="The call was not moved">
            {callChangeError(move.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={move.isPending}>
            CLOSE
          </Button>
          <Button
            disabled={start === null}
            loading={move.isPending}
            onClick={() =>
              start &&
              move.mutate(
                { id: callId, start },
                {
                  onSuccess: () => {
                    notifySuccess('Call moved');
                    onClose();
                  },
                  // The free times reload (the mutation's onSettled); the refused one is no longer picked.
                  onError: () => setStart(null),
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
