import { can, linkErrorText, MAX_FILE_SIZE, MESSAGES, shortenFileName, shortenLink } from '@dd/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useActor } from '../../auth/api/get-session.ts';
import { addProjectLink, fileDownloadUrl } from '../api/attachments.ts';
import { type ProjectView, projectQueryKey } from '../api/get-project.ts';
import { uploadProjectFile } from '../api/upload-file.ts';
import { AttachHint } from './attach-hint.tsx';
import {
  CLEAR_FAILED_FROM,
  clearFailed,
  failedCount,
  type PendingLink,
  type UploadItem,
} from './pending-attachments.ts';
import { useTour } from './tour-context.tsx';
import { useConfirmedRemove } from './use-confirmed-remove.tsx';

let nextKey = 1;

/** Project Specification (docs/product.md §C2, §C4, §C5): files and links, upload with progress, add link. */
export function ProjectSpecification({ project }: { project: ProjectView }) {
  const actor = useActor();
  const queryClient = useQueryClient();
  const ref = { ownerId: project.ownerId, clientIds: project.clientIds };
  const mayAttach = can(actor, 'project:attach', ref);
  const mayDelete = can(actor, 'project:delete-attachment', ref);
  const mayDownload = can(actor, 'file:download', ref);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [links, setLinks] = useState<PendingLink[]>([]);
  const [linkText, setLinkText] = useState('');
  const resetRef = useRef<() => void>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectQueryKey(project.id) });
  const tour = useTour();

  const patchUpload = (key: number, patch: Partial<UploadItem>) =>
    setUploads((items) => items.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const removeUpload = (key: number) => setUploads((items) => items.filter((i) => i.key !== key));

  const startUploads = (files: File[]) => {
    resetRef.current?.();
    for (const file of files) {
      const key = nextKey++;
      if (file.size > MAX_FILE_SIZE) {
        // Oversized files are marked and never sent (docs/product.md §C4).
        setUploads((items) => [...items, { key, name: file.name, progress: 0, status: 'size-error' }]);
        continue;
      }
      const handle = uploadProjectFile(project.id, file, (progress) => patchUpload(key, { progress }));
      setUploads((items) => [
        ...items,
        { key, name: file.name, progress: 0, status: 'uploading', abort: handle.abort },
      ]);
      handle.promise.then(
        async () => {
          await refresh();
          removeUpload(key);
        },
        (error) => {
          if (isApiError(error) && error.message === 'aborted') return;
          patchUpload(key, { status: 'error' });
        },
      );
    }
  };

  const cancelUpload = (item: UploadItem) => {
    item.abort?.();
    removeUpload(item.key);
  };

  const addLink = async () => {
    const text = linkText.trim();
    if (!text) return;
    const key = nextKey++;
    setLinkText('');
    setLinks((items) => [...items, { key, text, status: 'adding' }]);
    try {
      await addProjectLink(project.id, text);
      await refresh();
      setLinks((items) => items.filter((i) => i.key !== key));
    } catch (error) {
      const code = isApiError(error) ? error.firstError?.code : undefined;
      setLinks((items) =>
        items.map((i) => (i.key === key ? { ...i, status: 'error', message: linkErrorText(code) } : i)),
      );
    }
  };

  const remove = useConfirmedRemove(project.id);

  const failed = failedCount(uploads, links);
  const clearAllFailed = () => {
    const left = clearFailed(uploads, links);
    setUploads(left.uploads);
    setLinks(left.links);
    // The button goes away with the rows: keep the keyboard in the section.
    titleRef.current?.focus();
  };

  const empty =
    project.files.length === 0 && project.links.length === 0 && uploads.length === 0 && links.length === 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="project-spec-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id="project-spec-title" ref={titleRef} tabIndex={-1}>
            Project Specification
          </Title>
          {failed >= CLEAR_FAILED_FROM && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={clearAllFailed}>
              Clear failed ({failed})
            </Button>
          )}
        </Group>
        {empty && (
          <Text size="sm" c="dimmed">
            No files or links yet.
          </Text>
        )}
        <Stack
          gap={6}
          component="ul"
          aria-label="Files and links"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {project.files.map((file) => (
            <Group key={`file-${file.id}`} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" title={file.title} style={{ minWidth: 0 }}>
                {shortenFileName(file.title)}
              </Text>
              <Group gap={4} wrap="nowrap">
                {mayDownload && (
                  <Button
                    component="a"
                    href={fileDownloadUrl(file.id)}
                    download={file.title}
                    size="compact-xs"
                    variant="light"
                    aria-label={`Download ${file.title}`}
                  >
                    Download
                  </Button>
                )}
                {mayDelete && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${file.title}`}
                    onClick={() => remove.ask('file', file.id, file.title)}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            </Group>
          ))}
          {project.links.map((link) => (
            <Group key={`link-${link.id}`} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm" title={link.url}>
                {shortenLink(link.url)}
              </Anchor>
              {mayDelete && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${link.url}`}
                  onClick={() => remove.ask('link', link.id, link.url)}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
          {uploads.map((item) => (
            <Stack key={`upload-${item.key}`} component="li" gap={2}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" title={item.name}>
                  {shortenFileName(item.name)}
                </Text>
                {item.status === 'uploading' && (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="xs" aria-live="polite">
                      {item.progress}%
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="gray"
                      onClick={() => cancelUpload(item)}
                    >
                      Cancel
                    </Button>
                  </Group>
                )}
                {item.status !== 'uploading' && (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="xs" c="red" role="alert">
                      {item.status === 'size-error' ? MESSAGES.fileTooLarge : MESSAGES.uploadError}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Dismiss ${item.name}`}
                      onClick={() => removeUpload(item.key)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                )}
              </Group>
              {item.status === 'uploading' && (
                <Progress value={item.progress} size="xs" aria-label={`Uploading ${item.name}`} />
              )}
            </Stack>
          ))}
          {links.map((item) => (
            <Group
              key={`pending-link-${item.key}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
            >
              <Text size="sm">{shortenLink(item.text)}</Text>
              {item.status === 'error' ? (
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="red" role="alert">
                    {item.message}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Dismiss ${item.text}`}
                    onClick={() => setLinks((items) => items.filter((i) => i.key !== item.key))}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ) : (
                <Text size="xs" c="dimmed">
                  Adding…
                </Text>
              )}
            </Group>
          ))}
        </Stack>
        {mayAttach && (
          <Stack gap="xs">
            <AttachHint>
              <FileButton
                onChange={(files) => {
                  tour?.attachClosed();
                  startUploads(files);
                }}
                multiple
                resetRef={resetRef}
              >
                {(props) => (
                  <Button
                    {...props}
                    onClick={() => {
                      tour?.attachOpened();
                      props.onClick();
                    }}
                    variant="light"
                    w="fit-content"
                  >
                    Attach files
                  </Button>
                )}
              </FileButton>
            </AttachHint>
            <Group
              gap="xs"
              align="flex-end"
              wrap="nowrap"
              component="form"
              onSubmit={(event) => {
                event.preventDefault();
                void addLink();
              }}
            >
              <TextInput
                label="Add a link"
                placeholder="https://"
                value={linkText}
                onChange={(e) => setLinkText(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="light" disabled={linkText.trim() === ''}>
                Add link
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
      {remove.dialog}
    </Paper>
  );
}
