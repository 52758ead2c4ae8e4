import { emailField, LABELS, MESSAGES } from '@dd/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';

const emailSchema = emailField(MESSAGES.emailInvalid);

/**
 * Staff invite a person to the project (issue 13 §5, admin §7, §8): the e-mail only, since an invited
 * person always signs up as a client. Success toasts 'Invitation sent'; an error title flags the field.
 */
export function InvitePersonModal({
  projectId,
  projectTitle,
  opened,
  onClose,
}: {
  projectId: number;
  projectTitle: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useCreateInvitation();
  const close = () => {
    setEmail('');
    setError(null);
    onClose();
  };
  const submit = () => {
    const parsed = emailSchema.safeParse(email.trim());
    if (!parsed.success) {
      setError(MESSAGES.emailInvalid);
      return;
    }
    invite.mutate(
      { email: parsed.data, projectId },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.invitationSent);
          close();
        },
        onError: (failure) =>
          setError((isApiError(failure) && failure.firstError?.title) || MESSAGES.emailInvalid),
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Invite a person"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            They get an e-mail with a link to sign up as a client of <strong>{projectTitle}</strong>.
          </Text>
          <TextInput
            label="E-mail"
            type="email"
            required
            data-autofocus
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              {LABELS.buttons.cancel}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
