import { LABELS } from '@dd/domain';
import { Button, Group, Modal, Text } from '@mantine/core';

export type ConfirmDialogProps = {
  opened: boolean;
  message: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The tables' confirm dialog: the product's question with CANCEL and YES (loaded by confirm-dialog.tsx). */
export function ConfirmDialogModal({
  opened,
  message,
  busy = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Please confirm"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {LABELS.buttons.cancel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
          {LABELS.buttons.yes}
        </Button>
      </Group>
    </Modal>
  );
}
