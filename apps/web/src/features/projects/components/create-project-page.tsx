import { adminCreateProjectSchema, MESSAGES } from '@dd/domain';
import { MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTechOptions } from '../../../lib/tech-options.ts';
import { CreateFormCard } from '../../../lib/ui/create-form-card.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { createdId, pointedField, useAdminCreateForm } from '../../../lib/use-admin-create-form.ts';
import { useCreateProject } from '../api/create-project.ts';
import { useCompanyOptions } from '../api/get-company-options.ts';
import { useProjectFormLookups } from '../api/get-project-form-options.ts';
import { useUsersByRole } from '../api/get-users-by-role.ts';

const DRAFT = 'create-project';

type FormValues = {
  title: string;
  description: string;
  'project-state-id': string | null;
  'project-size-id': string | null;
  'project-budget-id': string | null;
  'project-start-id': string | null;
  clientIds: string[];
  accountManagerId: string | null;
  projectManagerIds: string[];
  companyId: string | null;
  developerIds: string[];
  techIds: string[];
  projectTypeIds: string[];
};

const EMPTY: FormValues = {
  title: '',
  description: '',
  'project-state-id': null,
  'project-size-id': null,
  'project-budget-id': null,
  'project-start-id': null,
  clientIds: [],
  accountManagerId: null,
  projectManagerIds: [],
  companyId: null,
  developerIds: [],
  techIds: [],
  projectTypeIds: [],
};

/** /create-project (admin-level): New Project, with users offered by role (docs/product.md §A2, §A4, §A5). */
export function CreateProjectPage() {
  const lookups = useProjectFormLookups();
  const clients = useUsersByRole('client');
  const accountManagers = useUsersByRole('accountManager');
  const projectManagers = useUsersByRole('projectManager');
  const developers = useUsersByRole('developer');
  const companies = useCompanyOptions();
  const techs = useTechOptions();
  const create = useCreateProject();
  const { form, clearDraft, succeed, showFieldError, created } = useAdminCreateForm({
    draft: DRAFT,
    empty: EMPTY,
    schema: adminCreateProjectSchema,
  });

  const submit = form.onSubmit((v) => {
    // Admin §4: the project draft is removed on submit.
    clearDraft();
    create.mutate(
      {
        attributes: adminCreateProjectSchema.parse(v),
        people: {
          clientIds: v.clientIds,
          accountManagerId: v.accountManagerId,
          projectManagerIds: v.projectManagerIds,
          developerIds: v.developerIds,
          companyId: v.companyId,
          techIds: v.techIds,
          projectTypeIds: v.projectTypeIds,
        },
      },
      {
        onSuccess: (result) =>
          succeed(MESSAGES.projectCreated, {
            label: `project ${v.title}`,
            to: `/project/daily-updates/${createdId(result)}`,
          }),
        onError: (error) => showFieldError(error, pointedField(error)),
      },
    );
  });

  const one = (name: keyof FormValues, label: string, data: Array<{ value: string; label: string }>) => (
    <Select size="md" label={label} data={data} clearable searchable {...form.getInputProps(name)} />
  );
  const many = (name: keyof FormValues, label: string, data: Array<{ value: string; label: string }>) => (
    <MultiSelect
      size="md"
      label={label}
      data={data}
      clearable
      searchable
      nothingFoundMessage="Nothing matches"
      {...form.getInputProps(name)}
    />
  );

  return (
    <TitledPage title="New Project" size="md">
      <CreateFormCard onSubmit={submit} submitting={create.isPending} created={created}>
        <TextInput label="Title" autoComplete="off" {...form.getInputProps('title')} />
        <Textarea
          size="md"
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {one('project-state-id', 'Project state', lookups.states)}
          {one('project-size-id', 'Size', lookups.sizes)}
          {one('project-budget-id', 'Budget', lookups.budgets)}
          {one('project-start-id', 'Start', lookups.starts)}
        </SimpleGrid>
        {many('clientIds', 'Client', clients)}
        {one('accountManagerId', 'Account manager', accountManagers)}
        {many('projectManagerIds', 'Project managers', projectManagers)}
        {one('companyId', 'Company', companies)}
        {many('developerIds', 'Developers', developers)}
        <MultiSelect
          size="md"
          label="Techs"
          data={techs}
          clearable
          searchable
          nothingFoundMessage="Nothing matches"
          {...form.getInputProps('techIds')}
        />
        {many('projectTypeIds', 'Project types', lookups.types)}
      </CreateFormCard>
    </TitledPage>
  );
}
