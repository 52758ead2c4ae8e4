import { ActionIcon, Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import type { Tag } from '../api/get-tags.ts';
import { useDeleteTag, useRenameTag } from '../api/tags.ts';

/** A tag column's menu: rename the tag, or delete it (its tasks stay, without the tag). */
export function TagMenu({
  projectId,
  tag,
  onDeleted,
}: {
  projectId: number;
  tag: Tag;
  onDeleted: () => void;
}) {
  const rename = useRenameTag(projectId);
  const remove = useDeleteTag(projectId);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [title, setTitle] = useState(tag.title);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Tag ${tag.title} options`}>
            <span aria-hidden="true">⋯</span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setRenaming(true)}>Rename tag</Menu.Item>
          <Menu.Item color="red" onClick={() => setDeleting(true)}>
            Delete tag
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={renaming}
        onClose={() => setRenaming(false)}
        title="Rename tag"
        centered
      >
        <Stack>
          <TextInput
            label="Tag title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRenaming(false)}>
              CANCEL
            </Button>
            <Button
              loading={rename.isPending}
              disabled={title.trim() === ''}
              onClick={() =>
                rename.mutate({ id: tag.id, title: title.trim() }, { onSuccess: () => setRenaming(false) })
              }
            >
              SAVE
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={deleting}
        message={`Delete the tag “${tag.title}”? Its tasks stay on the board.`}
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(tag.id, {
            onSuccess: () => {
              setDeleting(false);
              onDeleted();
            },
          })
        }
      />
    </>
  );
}
