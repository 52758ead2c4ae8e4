import { adminCreateProjectSchema, MESSAGES } from '@dd/domain';
import {
  Button,
  Container,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { isApiError } from '../../../lib/api-client.ts';
import { loadFormDraft, useFormDraft } from '../../../lib/form-draft.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateProject } from '../api/create-project.ts';
import { useCompanyOptions } from '../api/get-company-options.ts';
import { useProjectFormLookups } from '../api/get-project-form-options.ts';
import { useTechOptions } from '../api/get-tech-options.ts';
import { useUsersByRole } from '../api/get-users-by-role.ts';

const validate = schemaResolver(adminCreateProjectSchema, { sync: true });
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

/** /create-project (admin-level): New Project, with users offered by role (admin §2, §4, §5). */
export function CreateProjectPage() {
  useDocumentTitle('New Project · Delivery Desk');
  const lookups = useProjectFormLookups();
  const clients = useUsersByRole('client');
  const accountManagers = useUsersByRole('accountManager');
  const projectManagers = useUsersByRole('projectManager');
  const developers = useUsersByRole('developer');
  const companies = useCompanyOptions();
  const techs = useTechOptions();
  const create = useCreateProject();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY, ...loadFormDraft<FormValues>(DRAFT) },
    validate: (values) => validate(values),
  });
  const values = form.getValues();
  const clearDraft = useFormDraft(DRAFT, values);

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
        onSuccess: () => {
          clearDraft();
          form.setValues(EMPTY);
          notifySuccess(MESSAGES.projectCreated);
        },
        onError: (error) => {
          const field = isApiError(error) ? error.errors[0]?.source?.pointer?.split('/').pop() : undefined;
          const title = isApiError(error) ? error.firstError?.title : undefined;
          if (field && field in values && title) form.setFieldError(field, title);
        },
      },
    );
  });

  const one = (name: keyof FormValues, label: string, data: Array<{ value: string; label: string }>) => (
    <Select
      size="md"
      label={label}
      placeholder="Choose"
      data={data}
      clearable
      searchable
      {...form.getInputProps(name)}
    />
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
    <Container size="md" py="lg">
      <Title order={1} mb="md">
        New Project
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
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
