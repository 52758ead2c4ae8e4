import { type EditUserInput, editUserSchema, isRole, MESSAGES, mayAssignRole, ROLE_LABELS } from '@dd/domain';
import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { CurrentPasswordInput } from '../../../lib/ui/current-password-input.tsx';
import { useActor } from '../../auth/api/get-session.ts';
import { confirmationSentMessage, confirmationSentTo } from '../../email-change/api/confirmation-sent.ts';
import { type EditableUser, useUser } from '../api/get-user.ts';
import { useUserFormOptions } from '../api/get-user-form-options.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { AvatarAndRoleExtras, RoleSelect } from './role-extras-fields.tsx';

const validate = schemaResolver(editUserSchema, { sync: true });

/** /edit-user/{id} (admin-level): the form titled User (docs/product.md §A2, §A4, §A5). */
export function EditUserPage() {
  useDocumentTitle('User · Delivery Desk');
  const { id = '' } = useParams();
  const user = useUser(id);
  return (
    <Container size="sm" py="lg">
      <Title order={1} mb="md">
        User
      </Title>
      {user.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading user…</Text>
        </Group>
      ) : user.isError ? (
        <Alert color="red" title="Could not load this user">
          The user may have been deactivated. Go back to the users table and try again.
        </Alert>
      ) : (
        <EditUserForm key={user.data.id} user={user.data} />
      )}
    </Container>
  );
}

/** The current password is asked for only when the admin changes their own e-mail (docs/product.md §F4). */
type FormValues = Omit<EditableUser, 'id'> & { currentPassword: string };

function EditUserForm({ user }: { user: EditableUser }) {
  const navigate = useNavigate();
  const actor = useActor();
  const options = useUserFormOptions();
  const update = useUpdateUser();
  const { id, ...initialValues } = user;
  const ownEmailChanged = (v: FormValues) =>
    actor !== null && String(actor.id) === id && v.email.trim().toLowerCase() !== user.email.toLowerCase();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { ...initialValues, currentPassword: '' },
    validate: (values) => validate(values),
  });
  const values = form.getValues();
  const actorRole = actor?.role;
  const current = isRole(user.role) ? user.role : null;

  const submit = form.onSubmit((v) => {
    // Checked here, not in `validate`, which useForm keeps from the first render.
    if (ownEmailChanged(v) && v.currentPassword === '') {
      form.setFieldError('currentPassword', MESSAGES.currentPasswordRequired);
      return;
    }
    const attributes: EditUserInput = {
      role: v.role === '' ? undefined : v.role,
      name: v.name,
      timezone: v.timezone,
      login: v.login,
      email: v.email,
      phone: v.phone,
      avatar: v.avatar,
      ...(ownEmailChanged(v) ? { 'current-password': v.currentPassword } : {}),
    };
    update.mutate(
      { id, attributes, extras: { companyId: v.companyId, teamIds: v.teamIds, techIds: v.techIds } },
      {
        onSuccess: ({ meta }) => {
          notifySuccess(MESSAGES.updated);
          form.setFieldValue('currentPassword', '');
          // A new e-mail waits for that mailbox to confirm it.
          const sentTo = confirmationSentTo(meta);
          if (sentTo) notifySuccess(confirmationSentMessage(sentTo));
        },
        onError: (error) => {
          const field = isApiError(error) ? error.pointerField : undefined;
          const title = isApiError(error) ? error.firstError?.title : undefined;
          if (field && field in values && title) form.setFieldError(field, title);
          else notifyError(MESSAGES.genericError);
        },
      },
    );
  });

  // The server refuses it too: only a superAdmin edits a superAdmin.
  const locked = actorRole !== undefined && current !== null && !mayAssignRole(actorRole, current, current);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      {locked && (
        <Alert
          color="gray"
          mb="md"
          title={`Only a ${ROLE_LABELS.superAdmin} can edit a ${ROLE_LABELS.superAdmin}`}
        >
          You can look at this profile but not change it.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <RoleSelect
            label="User role"
            actorRole={actorRole}
            current={current}
            value={values.role}
            onChange={(role) => form.setFieldValue('role', role)}
          />
          <TextInput label="Full name" autoComplete="off" {...form.getInputProps('name')} />
          <Select
            size="md"
            label="Time zone"
            searchable
            data={options.timezones}
            nothingFoundMessage="No matching time zone"
            {...form.getInputProps('timezone')}
            onChange={(zone) => form.setFieldValue('timezone', zone ?? '')}
          />
          <TextInput
            label="Login"
            description="A new login is kept only when longer than 3 characters"
            autoComplete="off"
            {...form.getInputProps('login')}
          />
          <TextInput
            label="Email"
            type="email"
            description="A new e-mail is kept only when longer than 5 characters"
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          {ownEmailChanged(values) && <CurrentPasswordInput {...form.getInputProps('currentPassword')} />}
          <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
          <AvatarAndRoleExtras values={values} setValues={form.setValues} options={options} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={() => navigate(-1)}>
              CANCEL
            </Button>
            <Button type="submit" loading={update.isPending} disabled={locked}>
              SAVE
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
