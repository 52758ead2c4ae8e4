import { adminCreateTeamSchema, MESSAGES } from '@dd/domain';
import { Button, Container, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { isApiError } from '../../../lib/api-client.ts';
import { loadFormDraft, useFormDraft } from '../../../lib/form-draft.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { AvatarInput } from '../../../lib/ui/avatar-input.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useProjectManagers } from '../api/get-project-managers.ts';
import { CreateProjectModal } from './create-project-modal.tsx';

const validate = schemaResolver(adminCreateTeamSchema, { sync: true });
const DRAFT = 'create-team';
const NOT_IN_DRAFT = ['avatar'] as const;

type FormValues = { title: string; 'punch-line': string; avatar: string; projectManagerId: string | null };
const EMPTY: FormValues = { title: '', 'punch-line': '', avatar: '', projectManagerId: null };

/** /create-team (admin-level): New Team, with a modal to create a project (admin §2, §5). */
export function CreateTeamPage() {
  useDocumentTitle('New Team · Delivery Desk');
  const managers = useProjectManagers();
  const create = useCreateTeam();
  const [projectOpened, projectModal] = useDisclosure(false);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY, ...loadFormDraft<FormValues>(DRAFT), avatar: '' },
    validate: (values) => validate(values),
  });
  const values = form.getValues();
  const clearDraft = useFormDraft(DRAFT, values, NOT_IN_DRAFT);

  const submit = form.onSubmit((v) => {
    create.mutate(
      { attributes: adminCreateTeamSchema.parse(v), projectManagerId: v.projectManagerId },
      {
        onSuccess: () => {
          clearDraft();
          form.setValues(EMPTY);
          notifySuccess(MESSAGES.teamCreated);
        },
        onError: (error) => {
          const field = isApiError(error) ? error.errors[0]?.source?.pointer?.split('/').pop() : undefined;
          const title = isApiError(error) ? error.firstError?.title : undefined;
          if (field === 'projectManager' && title) form.setFieldError('projectManagerId', title);
          else if (field && field in values && title) form.setFieldError(field, title);
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
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
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
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={create.isPending}>
                CREATE
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <CreateProjectModal
        opened={projectOpened}
        onClose={projectModal.close}
        projectManagerId={values.projectManagerId}
      />
    </Container>
  );
}
