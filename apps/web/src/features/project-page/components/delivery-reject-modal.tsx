import { DELIVERY_MESSAGES, deliveryRejectSchema, LABELS } from '@dd/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PHONE_QUERY, useMediaMatch } from '../../../lib/use-media-match.ts';

/** Reject a delivered task with a reason (docs/adr/0021-delivery-review-and-report.md), loaded on intent. */
export function RejectModal(props: {
  opened: boolean;
  title: string;
  pending: boolean;
  serverError: string | null;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const phone = useMediaMatch(PHONE_QUERY);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = deliveryRejectSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? DELIVERY_MESSAGES.reasonRequired);
    props.onSubmit(parsed.data.reason);
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Reject “${props.title}”`} fullScreen={phone}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Why do you reject it?"
            description="The team sees this as your comment on the task."
            required
            autosize
            minRows={4}
            maxRows={12}
            data-autofocus
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          {props.serverError && (
            <Text size="sm" c="red.9" role="alert">
              {props.serverError}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={props.onClose}>
              {LABELS.buttons.cancel}
            </Button>
            <Button type="submit" color="red" loading={props.pending}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
