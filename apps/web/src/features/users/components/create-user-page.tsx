import {
  type AdminCreateUserInput,
  adminCreateUserSchema,
  isRole,
  MESSAGES,
  mayAssignRole,
  ROLE_LABELS,
  ROLES,
  type Role,
  SERVER_ERRORS,
} from '@dd/domain';
import {
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { isApiError } from '../../../lib/api-client.ts';
import { loadFormDraft, useFormDraft } from '../../../lib/form-draft.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { AvatarInput } from '../../../lib/ui/avatar-input.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useActor } from '../../auth/api/get-session.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUserFormOptions } from '../api/get-user-form-options.ts';
import { RoleExtrasFields } from './role-extras-fields.tsx';

const validate = schemaResolver(adminCreateUserSchema, { sync: true });
const DRAFT = 'create-user';
// Admin §4: drafts never hold the password or the avatar.
const NOT_IN_DRAFT = ['password', 'avatar'] as const;

type FormValues = {
  role: Role | '';
  name: string;
  email: string;
  password: string;
  phone: string;
  timezone: string;
  avatar: string;
  companyId: string | null;
  teamIds: string[];
  techIds: string[];
};

const EMPTY: FormValues = {
  role: '',
  name: '',
  email: '',
  password: '',
  phone: '',
  timezone: '',
  avatar: '',
  companyId: null,
  teamIds: [],
  techIds: [],
};

/** /create-user (admin-level): New Users (admin §2, §5, §8). */
export function CreateUserPage() {
  useDocumentTitle('New User · Delivery Desk');
  const actor = useActor();
  const options = useUserFormOptions();
  const create = useCreateUser();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY, ...loadFormDraft<FormValues>(DRAFT), password: '', avatar: '' },
    validate: (values) => validate(values),
  });
  const values = form.getValues();
  const clearDraft = useFormDraft(DRAFT, values, NOT_IN_DRAFT);
  const roleOptions = ROLES.filter((r) => actor && mayAssignRole(actor.role, null, r)).map((r) => ({
    value: r,
    label: ROLE_LABELS[r],
  }));

  const submit = form.onSubmit((v) => {
    if (v.role === '') return;
    const attributes: AdminCreateUserInput = {
      role: v.role,
      name: v.name,
      email: v.email,
      password: v.password,
      phone: v.phone,
      timezone: v.timezone || undefined,
      avatar: v.avatar || undefined,
    };
    create.mutate(
      { attributes, extras: { companyId: v.companyId, teamIds: v.teamIds, techIds: v.techIds } },
      {
        onSuccess: () => {
          clearDraft();
          form.setValues(EMPTY);
          form.resetDirty();
          notifySuccess(MESSAGES.userCreated);
        },
        onError: (error) => {
          const title = isApiError(error) ? error.firstError?.title : undefined;
          const field = isApiError(error) ? error.pointerField : undefined;
          if (title === SERVER_ERRORS.emailTaken || title === SERVER_ERRORS.loginTaken)
            form.setFieldError('email', MESSAGES.emailTaken);
          else if (field && field in values && title) form.setFieldError(field, title);
          // Admin §8: other errors are only logged.
          else console.error('User creation failed', error);
        },
      },
    );
  });

  return (
    <Container size="sm" py="lg">
      <Title order={1} mb="md">
        New User
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Select
              size="md"
              label="Role"
              placeholder="Pick a role"
              data={roleOptions}
              value={values.role || null}
              // The role picker ignores an empty selection (admin §5).
              onChange={(role) => {
                if (role && isRole(role)) form.setFieldValue('role', role);
              }}
              error={form.errors.role}
              allowDeselect={false}
            />
            <TextInput label="Name" autoComplete="off" {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
              {...form.getInputProps('password')}
            />
            <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            <Select
              size="md"
              label="Timezone"
              searchable
              clearable
              data={options.timezones}
              nothingFoundMessage="No matching time zone"
              value={values.timezone || null}
              onChange={(zone) => form.setFieldValue('timezone', zone ?? '')}
            />
            <AvatarInput
              value={values.avatar}
              onChange={(url) => form.setFieldValue('avatar', url)}
              upload={uploadImage}
            />
            <RoleExtrasFields
              role={values.role}
              companyId={values.companyId}
              teamIds={values.teamIds}
              techIds={values.techIds}
              onChange={(patch) => form.setValues(patch)}
              companies={options.companies}
              teams={options.teams}
              techGroups={options.techGroups}
              singleTeamFor="projectManager"
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={create.isPending}>
                CREATE
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
