import { adminCreateTeamSchema, MESSAGES } from '@dd/domain';
import { Button, Container, Group, Select, TextInput, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { AvatarInput } from '../../../lib/ui/avatar-input.tsx';
import { CreateFormCard } from '../../../lib/ui/create-form-card.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { pointedField, useAdminCreateForm } from '../../../lib/use-admin-create-form.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useProjectManagers } from '../api/get-project-managers.ts';
import { CreateProjectModal } from './create-project-modal.tsx';

const DRAFT = 'create-team';
const NOT_IN_DRAFT = ['avatar'] as const;

type FormValues = { title: string; 'punch-line': string; avatar: string; projectManagerId: string | null };
const EMPTY: FormValues = { title: '', 'punch-line': '', avatar: '', projectManagerId: null };

/** /create-team (admin-level): New Team, with a modal to create a project (docs/product.md §A2, §A5). */
export function CreateTeamPage() {
  useDocumentTitle('New Team · Delivery Desk');
  const managers = useProjectManagers();
  const create = useCreateTeam();
  const [projectOpened, projectModal] = useDisclosure(false);
  const { form, values, succeed, showFieldError, created } = useAdminCreateForm({
    draft: DRAFT,
    empty: EMPTY,
    notInDraft: NOT_IN_DRAFT,
    schema: adminCreateTeamSchema,
  });

  const submit = form.onSubmit((v) => {
    create.mutate(
      { attributes: adminCreateTeamSchema.parse(v), projectManagerId: v.projectManagerId },
      {
        onSuccess: () =>
          succeed(MESSAGES.teamCreated, { label: `team ${v.title}`, to: '/teams-table?sort=-id' }),
        onError: (error) => {
          // The API points at the projectManager relationship; the form's field is projectManagerId.
          const field = pointedField(error);
          showFieldError(error, field === 'projectManager' ? 'projectManagerId' : field);
        },
      },
    );
  });

  return (
    <Container size="sm" py="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1}>New Team</Title>
        <Button variant="light" onClick={projectModal.open}>
          CREATE PROJECT
        </Button>
      </Group>
      <CreateFormCard onSubmit={submit} submitting={create.isPending} created={created}>
        <TextInput label="Title" autoComplete="off" {...form.getInputProps('title')} />
        <TextInput label="Punch line" autoComplete="off" {...form.getInputProps('punch-line')} />
        <AvatarInput
          value={values.avatar}
          onChange={(url) => form.setFieldValue('avatar', url)}
          upload={uploadImage}
        />
        <Select
          size="md"
          label="Project manager"
          placeholder="Choose a project manager"
          data={managers}
          clearable
          searchable
          nothingFoundMessage="No project manager matches"
          {...form.getInputProps('projectManagerId')}
        />
      </CreateFormCard>
      <CreateProjectModal
        opened={projectOpened}
        onClose={projectModal.close}
        projectManagerId={values.projectManagerId}
      />
    </Container>
  );
}
