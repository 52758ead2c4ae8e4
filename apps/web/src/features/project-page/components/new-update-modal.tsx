import { dailyUpdateFormSchema, LABELS } from '@dd/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { usePostProjectUpdate } from '../api/post-project-update.ts';

type Props = { opened: boolean; onClose: () => void; projectId: number; reporterUserId: number };

/** New daily update (docs/product.md §C2, §C5): markdown text, not empty and not zero; Ctrl/Cmd+Enter submits. */
export function NewUpdateModal({ opened, onClose, projectId, reporterUserId }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const post = usePostProjectUpdate();

  const close = () => {
    setError(null);
    onClose();
  };
  const submit = () => {
    const parsed = dailyUpdateFormSchema.safeParse({ description: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    post.mutate(
      { projectId, reporterUserId, description: parsed.data.description },
      {
        onSuccess: () => {
          setText('');
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="New daily update" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Textarea
            label="Update"
            description="Markdown is supported. Ctrl+Enter or Cmd+Enter posts it."
            autosize
            minRows={6}
            maxRows={16}
            data-autofocus
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                submit();
              }
            }}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Posted as you.
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={close}>
                {LABELS.buttons.cancel}
              </Button>
              <Button type="submit" loading={post.isPending}>
                Post update
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
