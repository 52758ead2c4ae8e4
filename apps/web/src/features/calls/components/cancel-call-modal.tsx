import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCancelCall } from '../api/cancel-call.ts';
import { callChangeError } from './move-call-modal.tsx';

/**
 * Asks before a call is cancelled (docs/product.md §C9, §F1), for staff on the Calls screen and for the
 * client on their open-call card: a refusal stays in the dialog, a cancellation closes it and says so.
 */
export function CancelCallModal(props: {
  callId: number;
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What cancelling does, in the reader's words. */
  children: ReactNode;
  keepLabel: string;
  confirmLabel: string;
}) {
  const cancel = useCancelCall();
  const close = () => {
    props.onClose();
    cancel.reset();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={props.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {props.children}
        {cancel.isError && (
          <Alert color="red" role="alert" title="The call was not cancelled">
            {callChangeError(cancel.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            {props.keepLabel}
          </Button>
          <Button
            color="red.9"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(props.callId, {
                onSuccess: () => {
                  close();
                  notifySuccess('Call cancelled');
                },
              })
            }
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
