import { adminCreateCompanySchema, MESSAGES } from '@dd/domain';
import { Select, TextInput } from '@mantine/core';
import { AvatarInput } from '../../../lib/ui/avatar-input.tsx';
import { CreateFormCard } from '../../../lib/ui/create-form-card.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { pointedField, useAdminCreateForm } from '../../../lib/use-admin-create-form.ts';
import { useCreateCompany } from '../api/create-company.ts';
import { useCompanyLookups } from '../api/get-company-lookups.ts';

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

/** /create-company (admin-level): New Company (docs/product.md §A2, §A5). */
export function CreateCompanyPage() {
  const lookups = useCompanyLookups();
  const create = useCreateCompany();
  const { form, values, succeed, showFieldError, created } = useAdminCreateForm({
    draft: DRAFT,
    empty: EMPTY,
    notInDraft: NOT_IN_DRAFT,
    schema: adminCreateCompanySchema,
  });

  const submit = form.onSubmit((v) => {
    create.mutate(adminCreateCompanySchema.parse(v), {
      onSuccess: () =>
        succeed(MESSAGES.companyCreated, { label: `company ${v.title}`, to: '/companies-table?sort=-id' }),
      onError: (error) => showFieldError(error, pointedField(error)),
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
    <TitledPage title="New Company" size="sm">
      <CreateFormCard onSubmit={submit} submitting={create.isPending} created={created}>
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
      </CreateFormCard>
    </TitledPage>
  );
}
