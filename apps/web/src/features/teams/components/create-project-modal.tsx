import { adminCreateProjectSchema, MESSAGES } from '@dd/domain';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateTeamProject } from '../api/create-project.ts';
import { useProjectModalLookups } from '../api/get-project-lookups.ts';

const validate = schemaResolver(adminCreateProjectSchema, { sync: true });

type FormValues = {
  title: string;
  description: string;
  'project-state-id': string | null;
  'project-size-id': string | null;
};
const EMPTY: FormValues = { title: '', description: '', 'project-state-id': null, 'project-size-id': null };

type CreateProjectModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The project manager chosen on the team form, who also manages the new project. */
  projectManagerId: string | null;
};

/** The New Team page's modal to create a project (docs/product.md §A2). */
export function CreateProjectModal({ opened, onClose, projectManagerId }: CreateProjectModalProps) {
  const lookups = useProjectModalLookups();
  const create = useCreateTeamProject();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => validate(values),
  });

  const submit = form.onSubmit((v) => {
    create.mutate(
      { attributes: adminCreateProjectSchema.parse(v), projectManagerId },
      {
        onSuccess: () => {
          form.setValues(EMPTY);
          notifySuccess(MESSAGES.projectCreated);
          onClose();
        },
        onError: (error) => {
          const field = isApiError(error) ? error.errors[0]?.source?.pointer?.split('/').pop() : undefined;
          const title = isApiError(error) ? error.firstError?.title : undefined;
          if (field && field in v && title) form.setFieldError(field, title);
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="New Project"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Project title" data-autofocus {...form.getInputProps('title')} />
          <Textarea
            size="md"
            label="Description"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Select
            size="md"
            label="Project state"
            data={lookups.states}
            clearable
            {...form.getInputProps('project-state-id')}
          />
          <Select
            size="md"
            label="Size"
            data={lookups.sizes}
            clearable
            {...form.getInputProps('project-size-id')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              CANCEL
            </Button>
            <Button type="submit" loading={create.isPending}>
              CREATE
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
