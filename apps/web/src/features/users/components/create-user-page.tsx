import {
  type AdminCreateUserInput,
  adminCreateUserSchema,
  isTakenCode,
  MESSAGES,
  type Role,
} from '@dd/domain';
import { PasswordInput, Select, TextInput } from '@mantine/core';
import { isApiError } from '../../../lib/api-client.ts';
import { CreateFormCard } from '../../../lib/ui/create-form-card.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { createdId, useAdminCreateForm } from '../../../lib/use-admin-create-form.ts';
import { useActor } from '../../auth/api/get-session.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUserFormOptions } from '../api/get-user-form-options.ts';
import { AvatarAndRoleExtras, RoleSelect } from './role-extras-fields.tsx';

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

/** /create-user (admin-level): New Users (docs/product.md §A2, §A5, §A8). */
export function CreateUserPage() {
  const actor = useActor();
  const options = useUserFormOptions();
  const create = useCreateUser();
  const { form, values, succeed, showFieldError, created } = useAdminCreateForm({
    draft: DRAFT,
    empty: EMPTY,
    notInDraft: NOT_IN_DRAFT,
    schema: adminCreateUserSchema,
  });

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
        onSuccess: (result) => {
          succeed(MESSAGES.userCreated, { label: `user ${v.name}`, to: `/edit-user/${createdId(result)}` });
          form.resetDirty();
        },
        onError: (error) => {
          if (isTakenCode(isApiError(error) ? error.firstError?.code : undefined))
            form.setFieldError('email', MESSAGES.emailTaken);
          // Admin §8: errors on no field of the form are only logged.
          else if (!showFieldError(error, isApiError(error) ? error.pointerField : undefined))
            console.error('User creation failed', error);
        },
      },
    );
  });

  return (
    <TitledPage title="New User" size="sm">
      <CreateFormCard onSubmit={submit} submitting={create.isPending} created={created}>
        <RoleSelect
          label="Role"
          placeholder="Pick a role"
          actorRole={actor?.role}
          current={null}
          value={values.role}
          onChange={(role) => form.setFieldValue('role', role)}
          error={form.errors.role}
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
        <AvatarAndRoleExtras
          values={values}
          setValues={form.setValues}
          options={options}
          singleTeamFor="projectManager"
        />
      </CreateFormCard>
    </TitledPage>
  );
}
