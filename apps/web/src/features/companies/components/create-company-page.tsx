import { adminCreateCompanySchema, MESSAGES } from '@dd/domain';
import { Button, Container, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { isApiError } from '../../../lib/api-client.ts';
import { loadFormDraft, useFormDraft } from '../../../lib/form-draft.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { AvatarInput } from '../../../lib/ui/avatar-input.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useCreateCompany } from '../api/create-company.ts';
import { useCompanyLookups } from '../api/get-company-lookups.ts';

const validate = schemaResolver(adminCreateCompanySchema, { sync: true });
const DRAFT = 'create-company';
const NOT_IN_DRAFT = ['avatar'] as const;

type FormValues = {
  title: string;
  'company-industry-id': string | null;
  'company-type-id': string | null;
  'company-project-funding-id': string | null;
  'company-size-id': string | null;
  avatar: string;
};

const EMPTY: FormValues = {
  title: '',
  'company-industry-id': null,
  'company-type-id': null,
  'company-project-funding-id': null,
  'company-size-id': null,
  avatar: '',
};

/** /create-company (admin-level): New Company (admin §2, §5). */
export function CreateCompanyPage() {
  useDocumentTitle('New Company · Delivery Desk');
  const lookups = useCompanyLookups();
  const create = useCreateCompany();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY, ...loadFormDraft<FormValues>(DRAFT), avatar: '' },
    validate: (values) => validate(values),
  });
  const values = form.getValues();
  const clearDraft = useFormDraft(DRAFT, values, NOT_IN_DRAFT);

  const submit = form.onSubmit((v) => {
    create.mutate(adminCreateCompanySchema.parse(v), {
      onSuccess: () => {
        clearDraft();
        form.setValues(EMPTY);
        notifySuccess(MESSAGES.companyCreated);
      },
      onError: (error) => {
        const field = isApiError(error) ? error.errors[0]?.source?.pointer?.split('/').pop() : undefined;
        const title = isApiError(error) ? error.firstError?.title : undefined;
        if (field && field in values && title) form.setFieldError(field, title);
      },
    });
  });

  const select = (name: keyof FormValues, label: string, data: Array<{ value: string; label: string }>) => (
    <Select
      size="md"
      label={label}
      placeholder={`Choose ${label.toLowerCase()}`}
      data={data}
      clearable
      searchable
      {...form.getInputProps(name)}
    />
  );

  return (
    <Container size="sm" py="lg">
      <Title order={1} mb="md">
        New Company
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label="Title" autoComplete="off" {...form.getInputProps('title')} />
            {select('company-industry-id', 'Company industry', lookups.industries)}
            {select('company-type-id', 'Company type', lookups.types)}
            {select('company-project-funding-id', 'Company project funding', lookups.fundings)}
            {select('company-size-id', 'Company size', lookups.sizes)}
            <AvatarInput
              value={values.avatar}
              onChange={(url) => form.setFieldValue('avatar', url)}
              upload={uploadImage}
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
