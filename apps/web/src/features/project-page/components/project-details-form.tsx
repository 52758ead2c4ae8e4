import {
  can,
  HELP_NEEDED_OPTIONS,
  isAdminRole,
  isProjectOwner,
  LABELS,
  MESSAGES,
  type ProjectDetailsFormInput,
  projectDetailsFormSchema,
} from '@dd/domain';
import {
  Button,
  Group,
  List,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { CurrentPasswordInput } from '../../../lib/ui/current-password-input.tsx';
import { useActor } from '../../auth/api/get-session.ts';
import { confirmationSentMessage } from '../../email-change/api/confirmation-sent.ts';
import type { ProjectView } from '../api/get-project.ts';
import { useProjectLookups } from '../api/get-project-lookups.ts';
import { useSaveProjectDetails } from '../api/save-project-details.ts';

type Values = {
  title: string;
  description: string;
  addition: string;
  typeIds: string[];
  techIds: string[];
  sizeId: string | null;
  budgetId: string | null;
  startId: string | null;
  statusId: string | null;
  companyTitle: string;
  companySizeId: string | null;
  ownerName: string;
  ownerEmail: string;
  ownerPhone: string;
  ownerTimezone: string | null;
  helpNeeded: string | null;
  /** Asked for only when the owner changes their own e-mail (docs/product.md §F4). */
  currentPassword: string;
};

const OWNER_FIELDS = ['ownerName', 'ownerEmail', 'ownerPhone', 'ownerTimezone', 'helpNeeded'] as const;
// Where a schema error lands on the form.
const FIELD_OF: Record<string, keyof Values> = {
  title: 'title',
  'company-title': 'companyTitle',
  'owner.name': 'ownerName',
  'owner.email': 'ownerEmail',
  'owner.phone': 'ownerPhone',
};
const SERVER_FIELD_OF: Record<string, keyof Values> = {
  title: 'title',
  email: 'ownerEmail',
  name: 'ownerName',
  phone: 'ownerPhone',
  currentPassword: 'currentPassword',
};

function initialValues(project: ProjectView): Values {
  const s = (n: number | null) => (n === null ? null : String(n));
  return {
    title: project.title,
    description: project.description,
    addition: project.addition,
    typeIds: project.typeIds.map(String),
    techIds: project.techIds.map(String),
    sizeId: s(project.sizeId),
    budgetId: s(project.budgetId),
    startId: s(project.startId),
    statusId: s(project.statusId),
    companyTitle: project.company?.title ?? '',
    companySizeId: s(project.company?.companySizeId ?? null),
    ownerName: project.owner?.name ?? '',
    ownerEmail: project.owner?.email ?? '',
    ownerPhone: project.owner?.phone ?? '',
    ownerTimezone: project.owner?.timezone ?? null,
    helpNeeded: project.owner?.helpNeeded ?? null,
    currentPassword: '',
  };
}

const id = (v: string | null) => (v === null || v === '' ? null : Number(v));

/** The form values as the domain schema reads them; owner details only when they changed (docs/product.md §C5). */
function toInput(values: Values, ownerChanged: boolean, reauth: boolean): Record<string, unknown> {
  return {
    title: values.title,
    description: values.description,
    addition: values.addition,
    'project-size-id': id(values.sizeId),
    'project-budget-id': id(values.budgetId),
    'project-start-id': id(values.startId),
    'project-status-id': id(values.statusId),
    'company-title': values.companyTitle,
    'company-size-id': id(values.companySizeId),
    ...(ownerChanged
      ? {
          owner: {
            name: values.ownerName,
            email: values.ownerEmail,
            phone: values.ownerPhone,
            timezone: values.ownerTimezone ?? '',
            'help-needed': values.helpNeeded,
            ...(reauth ? { 'current-password': values.currentPassword } : {}),
          },
        }
      : {}),
  };
}

/** Left column, first card: the project form and the owner's details (docs/product.md §C2, §C5, §C6). */
export function ProjectDetailsForm({
  project,
  onCancel,
  onSaved,
}: {
  project: ProjectView;
  /** Shown as CANCEL beside SAVE: back to the details as text. */
  onCancel?: () => void;
  onSaved?: () => void;
}) {
  const actor = useActor();
  const lookups = useProjectLookups();
  const save = useSaveProjectDetails();
  const ref = { ownerId: project.ownerId, clientIds: project.clientIds };
  const editable = can(actor, 'project:update', ref);
  const seeContacts = can(actor, 'project:see-contacts', ref);
  const showOwnersList = actor !== null && !isAdminRole(actor.role) && !isProjectOwner(actor, ref);
  const initial = useMemo(() => initialValues(project), [project]);

  const ownerChanged = (values: Values) => OWNER_FIELDS.some((f) => values[f] !== initial[f]);
  // The owner's own new e-mail needs their current password (the server asks for it too).
  const ownEmailChanged = (values: Values) =>
    actor !== null &&
    actor.id === project.ownerId &&
    values.ownerEmail.trim().toLowerCase() !== initial.ownerEmail.trim().toLowerCase();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const errors: Record<string, string> = {};
      const result = projectDetailsFormSchema.safeParse(toInput(values, ownerChanged(values), false));
      if (result.success) return errors;
      for (const issue of result.error.issues) {
        const field = FIELD_OF[issue.path.join('.')];
        if (field && !errors[field]) errors[field] = issue.message;
      }
      return errors;
    },
  });

  const otherTypeIds = (lookups.data?.types ?? [])
    .filter((t) => t.label.toLowerCase() === 'other')
    .map((t) => t.value);
  const showAddition = form.values.typeIds.some((t) => otherTypeIds.includes(t));

  const submit = form.onSubmit((values) => {
    // Checked here, not in `validate`, which useForm keeps from the first render.
    if (ownEmailChanged(values) && values.currentPassword === '') {
      form.setFieldError('currentPassword', MESSAGES.currentPasswordRequired);
      return;
    }
    const changed = ownerChanged(values);
    const parsed = projectDetailsFormSchema.parse(
      toInput(values, changed, ownEmailChanged(values)),
    ) as ProjectDetailsFormInput;
    save.mutate(
      {
        projectId: project.id,
        companyId: project.company?.id ?? null,
        ownerId: project.ownerId,
        values: { ...parsed, addition: showAddition ? parsed.addition : '' },
        typeIds: values.typeIds.map(Number),
        techIds: values.techIds.map(Number),
      },
      {
        onSuccess: ({ emailConfirmationSentTo }) => {
          form.resetDirty();
          form.setFieldValue('currentPassword', '');
          notifySuccess(MESSAGES.projectUpdated);
          // The owner's new e-mail waits for that mailbox to confirm it.
          if (emailConfirmationSentTo) notifySuccess(confirmationSentMessage(emailConfirmationSentTo));
          onSaved?.();
        },
        onError: (error) => {
          const field = isApiError(error) ? error.pointerField : undefined;
          const target = field ? SERVER_FIELD_OF[field] : undefined;
          if (target && isApiError(error)) form.setFieldError(target, error.firstError?.title ?? '');
        },
      },
    );
  });

  const ro = !editable;
  // Someone else's e-mail may be changed (by confirmation link) only by admins and a project manager
  // on the project: the server answers any other project manager 403 (docs/adr/0018).
  const emailLocked =
    actor?.role === 'projectManager' &&
    !isProjectOwner(actor, ref) &&
    !project.projectManagers.some((p) => p.id === actor.id);
  const options = lookups.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="project-details-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="project-details-title">
            Project Details
          </Title>
          <TextInput
            label="Project title"
            readOnly={ro}
            required={editable}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={8}
            readOnly={ro}
            {...form.getInputProps('description')}
          />
          <MultiSelect
            label="Project type"
            data={options?.types ?? []}
            readOnly={ro}
            clearable={!ro}
            {...form.getInputProps('typeIds')}
          />
          {showAddition && (
            <TextInput label="Other (describe)" readOnly={ro} {...form.getInputProps('addition')} />
          )}
          <MultiSelect
            label="Tech stack"
            data={options?.techs ?? []}
            searchable
            readOnly={ro}
            maxDropdownHeight={150}
            {...form.getInputProps('techIds')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Project size"
              data={options?.sizes ?? []}
              readOnly={ro}
              clearable={!ro}
              {...form.getInputProps('sizeId')}
            />
            <Select
              label="Budget"
              data={options?.budgets ?? []}
              readOnly={ro}
              clearable={!ro}
              {...form.getInputProps('budgetId')}
            />
            <Select
              label="Start"
              data={options?.starts ?? []}
              readOnly={ro}
              clearable={!ro}
              {...form.getInputProps('startId')}
            />
            <Select
              label="Status"
              data={options?.statuses ?? []}
              readOnly={ro}
              clearable={!ro}
              {...form.getInputProps('statusId')}
            />
          </SimpleGrid>

          <Title order={3} size="h5" mt="sm">
            Owner
          </Title>
          <TextInput label="Name" readOnly={ro} {...form.getInputProps('ownerName')} />
          {seeContacts && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="E-mail"
                type="email"
                readOnly={ro || emailLocked}
                description={
                  !ro && emailLocked
                    ? 'Only an admin or a project manager of this project can change it'
                    : undefined
                }
                {...form.getInputProps('ownerEmail')}
              />
              <TextInput label="Phone" type="tel" readOnly={ro} {...form.getInputProps('ownerPhone')} />
            </SimpleGrid>
          )}
          {ownEmailChanged(form.values) && (
            <CurrentPasswordInput {...form.getInputProps('currentPassword')} />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Timezone"
              data={options?.timezones ?? []}
              searchable
              readOnly={ro}
              {...form.getInputProps('ownerTimezone')}
            />
            <Select
              label="Help needed"
              data={HELP_NEEDED_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              readOnly={ro}
              {...form.getInputProps('helpNeeded')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Company" readOnly={ro} {...form.getInputProps('companyTitle')} />
            <Select
              label="Company size"
              data={options?.companySizes ?? []}
              readOnly={ro}
              clearable={!ro}
              {...form.getInputProps('companySizeId')}
            />
          </SimpleGrid>

          {showOwnersList && (
            <div>
              <Text fw={600} size="sm" id="project-owners-title">
                {LABELS.projectOwners}
              </Text>
              <List size="sm" aria-labelledby="project-owners-title">
                {project.clients.map((c) => (
                  <List.Item key={c.id}>{c.name}</List.Item>
                ))}
              </List>
            </div>
          )}

          {editable && (
            <Group justify="flex-end">
              {onCancel && (
                <Button variant="default" onClick={onCancel} disabled={save.isPending}>
                  {LABELS.buttons.cancel}
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                {LABELS.buttons.save}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
