import { emailField, FALLBACK_MESSAGES, LABELS, MESSAGES } from '@dd/domain';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddObserver } from '../api/add-observer.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import { useProjectOptions } from '../api/search-project-options.ts';
import { PendingInvitations } from './pending-invitations.tsx';

const emailSchema = emailField(MESSAGES.emailInvalid);

type InvitePersonModalProps = {
  /** The project page's own project; without it (the users table) the form asks for the project. */
  project?: { id: number; title: string };
  opened: boolean;
  onClose: () => void;
};

/**
 * Staff invite a person to a project (docs/product.md §F5, §A7, §A8): the e-mail only, since an invited
 * person always signs up as a client (docs/product.md §A5). Success toasts 'Invitation sent'. When the e-mail
 * is already registered, that person is added to the project as an observer instead ('User successfully
 * added.', or 'Something went wrong during the user's invitation.' with the server's reason on the
 * field); any other error title flags the field. From the users table the project is chosen first, and
 * its pending invitations show.
 */
export function InvitePersonModal({ project, opened, onClose }: InvitePersonModalProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ id: number; title: string } | null>(null);
  const [projectError, setProjectError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useProjectOptions(debounced, opened && !project);
  const target = project ?? chosen;
  const invite = useCreateInvitation();
  const addObserver = useAddObserver();
  // Set at once on submit, not on the next render: a double click's second click finds it taken, so one
  // invitation goes out (the server refuses a second pending one too, docs/product.md §F13).
  const sending = useRef(false);
  const [pending, setPending] = useState(false);
  const busy = pending || invite.isPending || addObserver.isPending;
  const close = () => {
    setEmail('');
    setError(null);
    setProjectError(null);
    onClose();
  };
  const submit = () => {
    if (!target) {
      setProjectError(FALLBACK_MESSAGES.required);
      return;
    }
    const parsed = emailSchema.safeParse(email.trim());
    if (!parsed.success) {
      setError(MESSAGES.emailInvalid);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    const release = () => {
      sending.current = false;
      setPending(false);
    };
    const input = { email: parsed.data, projectId: target.id };
    const done = (message: string) => {
      release();
      notifySuccess(message);
      if (project) close();
      else setEmail('');
    };
    invite.mutate(input, {
      onSuccess: () => done(MESSAGES.invitationSent),
      onError: (failure) => {
        const { code, title } = (isApiError(failure) && failure.firstError) || {};
        if (code !== 'email_registered') {
          release();
          setError(title || MESSAGES.emailInvalid);
          return;
        }
        addObserver.mutate(input, {
          onSuccess: () => done(MESSAGES.userAddedToProject),
          onError: (addFailure) => {
            release();
            notifyError(MESSAGES.invitationFailed);
            // Why, where the server says (a client account, a deactivated one, already on the project).
            setError((isApiError(addFailure) && addFailure.firstError?.title) || null);
          },
        });
      },
    });
  };
  // The chosen project stays among the options while the search text changes.
  const data = [
    ...(chosen && !options.data?.some((o) => o.value === String(chosen.id))
      ? [{ value: String(chosen.id), label: chosen.title }]
      : []),
    ...(options.data ?? []),
  ];
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
          {project ? (
            <Text size="sm">
              They get an e-mail with a link to sign up as a client of <strong>{project.title}</strong>.
              Someone who already has an account is added as an observer.
            </Text>
          ) : (
            <>
              <Text size="sm">
                They get an e-mail with a link to sign up as a client of the project. Someone who already has
                an account is added as an observer.
              </Text>
              <Select
                label="Project"
                placeholder="Type to search projects"
                required
                searchable
                data-autofocus
                data={data}
                value={chosen ? String(chosen.id) : null}
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options: all }) => all}
                nothingFoundMessage={options.isFetching ? 'Searching…' : 'No projects found'}
                error={projectError}
                onChange={(value, option) => {
                  setProjectError(null);
                  setChosen(value ? { id: Number(value), title: option.label } : null);
                }}
              />
            </>
          )}
          <TextInput
            label="E-mail"
            type="email"
            required
            data-autofocus={project ? true : undefined}
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
          />
          {!project && chosen && <PendingInvitations projectId={chosen.id} />}
          <Group justify="flex-end" className="dd-modal-footer">
            <Button variant="default" onClick={close} disabled={busy}>
              {project ? LABELS.buttons.cancel : 'Close'}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
