import { Button, Group, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { ScheduledCall } from '../../api/schedule-call-my-calls.ts';
import { longDateTime } from './schedule-call-format.ts';

// Loaded on Move or Cancel, not with the page: their dialogs are Mantine's overlay components
// (lib-ui-overlays), which the project page's first paint need not wait for (docs/adr/0029).
const CancelCallModal = lazy(async () => ({
  default: (await import('../../../calls/components/cancel-call-modal.tsx')).CancelCallModal,
}));
const MoveCallModal = lazy(async () => ({
  default: (await import('../../../calls/components/move-call-modal.tsx')).MoveCallModal,
}));

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
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  // Once asked, the cancel dialog stays mounted, so closing it keeps its transition.
  const [asked, setAsked] = useState(false);
  const when = `${longDateTime(call.scheduled, timezone)} (${timezone})`;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        aria-label={`Move the call on ${when}`}
        onClick={() => setMoving(true)}
      >
        Move
      </Button>
      <Button
        size="xs"
        variant="default"
        aria-label={`Cancel the call on ${when}`}
        onClick={() => {
          setAsked(true);
          setConfirming(true);
        }}
      >
        Cancel
      </Button>
      <Suspense fallback={null}>
        {asked && (
          <CancelCallModal
            callId={call.id}
            opened={confirming}
            onClose={() => setConfirming(false)}
            title="Cancel your discovery call?"
            keepLabel="Keep it"
            confirmLabel="Yes, cancel the call"
          >
            <Text>
              Your call on {when} will be cancelled, and you get an e-mail that removes it from your calendar.
              You can book another time afterwards.
            </Text>
          </CancelCallModal>
        )}
        {moving && (
          <MoveCallModal
            callId={call.id}
            current={call.scheduled}
            zone={timezone}
            note={`Now: ${when}. Pick a free time; you get an updated invite by e-mail.`}
            onClose={() => setMoving(false)}
          />
        )}
      </Suspense>
    </Group>
  );
}
