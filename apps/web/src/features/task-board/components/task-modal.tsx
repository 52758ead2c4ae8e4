import {
  actionsFor,
  applyTaskAction,
  ESTIMATE_MAX_CHARS,
  normalizeEstimateInput,
  TASK_CREATE_STATUSES,
  TASK_PRIORITY_NAMES,
  TASK_STATUS_NAMES,
  TASK_TYPE_NAMES,
  taskFormSchema,
} from '@dd/domain';
import {
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { TaskGitLinks } from '../../git/components/task-git-links.tsx';
import { useAnnounceEditing } from '../api/announce-editing.ts';
import type { ProjectPerson } from '../api/get-sidebar.ts';
import type { Tag } from '../api/get-tags.ts';
import type { BoardTask } from '../api/get-tasks.ts';
import { type TaskFields, useSaveTask } from '../api/save-task.ts';
import { createTag } from '../api/tags.ts';
import { LifecycleSlider } from './lifecycle-slider.tsx';
import { MarkdownField } from './markdown-field.tsx';
import { TaskComments } from './task-comments.tsx';

export type TaskModalTarget = { mode: 'create' } | { mode: 'edit'; task: BoardTask };

type TaskModalProps = {
  projectId: number;
  target: TaskModalTarget;
  tags: Tag[];
  people: ProjectPerson[];
  meId: number | null;
  /** The active sprint: BACKLOG puts the task there. */
  activeSprintId: number | null;
  /** Whether the edited task sits in a started sprint, where its status actions are offered. */
  actionable: boolean;
  onClose: () => void;
};

const options = (names: Readonly<Record<number, string>>) =>
  Object.entries(names).map(([value, label]) => ({ value, label }));
const idOrNull = (v: string | null) => (v ? Number(v) : null);

function statusOptions(target: TaskModalTarget, actionable: boolean) {
  if (target.mode === 'create')
    return TASK_CREATE_STATUSES.map((s) => ({ value: String(s), label: TASK_STATUS_NAMES[s] }));
  const from = target.task.statusId;
  const next = actionable ? actionsFor(from).map((a) => applyTaskAction(from, a)) : [];
  return [from, ...next].map((s) => ({ value: String(s), label: TASK_STATUS_NAMES[s] }));
}

/** The task modal (docs/product.md §A2): Edit Task and Comments tabs; BACKLOG, CANCEL, CREATE or UPDATE. */
export function TaskModal(props: TaskModalProps) {
  const { target, projectId, tags, people, meId, activeSprintId, actionable, onClose } = props;
  const task = target.mode === 'edit' ? target.task : null;
  const save = useSaveTask(projectId);
  // Presence: the other open boards show who has this task open.
  useAnnounceEditing(task?.id ?? null);
  const [title, setTitle] = useState(task?.title ?? '');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [description, setDescription] = useState(task?.description ?? '');
  const [tagTitles, setTagTitles] = useState<string[]>(
    (task?.tagIds ?? []).map((id) => tags.find((t) => t.id === id)?.title).filter((t): t is string => !!t),
  );
  const [typeId, setTypeId] = useState<string | null>(task?.typeId ? String(task.typeId) : null);
  const [priorityId, setPriorityId] = useState<string | null>(
    task?.priorityId ? String(task.priorityId) : null,
  );
  const [statusId, setStatusId] = useState<string>(String(task?.statusId ?? 1));
  const [requesterId, setRequesterId] = useState<string | null>(
    task ? (task.requesterId ? String(task.requesterId) : null) : meId ? String(meId) : null,
  );
  const [ownerId, setOwnerId] = useState<string | null>(task?.ownerId ? String(task.ownerId) : null);
  const [estimate, setEstimate] = useState(task?.estimate ?? '');
  const [saving, setSaving] = useState(false);

  const peopleOptions = people.map((p) => ({ value: String(p.id), label: p.name }));

  async function submit(toBacklog: boolean) {
    const parsed = taskFormSchema.safeParse({ title, description, estimate });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setTitleError(issue?.path[0] === 'title' ? (issue.message ?? null) : null);
      return;
    }
    setTitleError(null);
    setSaving(true);
    try {
      const tagIds: number[] = [];
      for (const t of tagTitles) {
        const known = tags.find((k) => k.title.toLowerCase() === t.trim().toLowerCase());
        tagIds.push(known ? known.id : (await createTag(projectId, t.trim())).id);
      }
      const fields: TaskFields = {
        title: parsed.data.title,
        description: parsed.data.description,
        typeId: idOrNull(typeId),
        priorityId: idOrNull(priorityId),
        statusId: Number(statusId),
        estimate: parsed.data.estimate ?? '',
        ownerId: idOrNull(ownerId),
        requesterId: idOrNull(requesterId),
        tagIds,
        ...(toBacklog ? { sprintId: activeSprintId } : {}),
      };
      await save.mutateAsync({ id: task?.id ?? null, fields });
      onClose();
    } catch {
      // The API client has shown the error toast; the modal stays open with the user's input.
    } finally {
      setSaving(false);
    }
  }

  const showBacklog = activeSprintId !== null && task?.sprintId !== activeSprintId;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      title={task ? `Task #${task.id}` : 'New task'}
      size="lg"
      centered
    >
      <Tabs defaultValue="edit">
        <Tabs.List>
          <Tabs.Tab value="edit">Edit Task</Tabs.Tab>
          <Tabs.Tab value="comments" disabled={!task}>
            Comments
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="sm">
          <Stack gap="sm">
            <TextInput
              label="Title"
              required
              value={title}
              error={titleError}
              onChange={(e) => setTitle(e.currentTarget.value)}
              data-autofocus
            />
            {task && (
              <Text size="sm" c="dimmed">
                Id: {task.id}
              </Text>
            )}
            <MarkdownField value={description} onChange={setDescription} />
            <TagsInput
              label="Tags"
              description="Pick a tag or type a new one and press Enter"
              data={tags.map((t) => t.title)}
              value={tagTitles}
              onChange={setTagTitles}
              clearable
            />
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Select
                label="Type"
                data={options(TASK_TYPE_NAMES)}
                value={typeId}
                onChange={setTypeId}
                clearable
              />
              <Select
                label="Priority"
                data={options(TASK_PRIORITY_NAMES)}
                value={priorityId}
                onChange={setPriorityId}
                clearable
              />
              <Select
                label="Status"
                data={statusOptions(target, actionable)}
                value={statusId}
                onChange={(v) => v && setStatusId(v)}
                allowDeselect={false}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Select
                label="Requester"
                data={peopleOptions}
                value={requesterId}
                onChange={setRequesterId}
                clearable
                searchable
              />
              <Select
                label="Owner"
                data={peopleOptions}
                value={ownerId}
                onChange={setOwnerId}
                clearable
                searchable
              />
              <TextInput
                label="Estimate (hours)"
                inputMode="decimal"
                maxLength={ESTIMATE_MAX_CHARS}
                value={estimate}
                onChange={(e) => setEstimate(normalizeEstimateInput(e.currentTarget.value))}
              />
            </SimpleGrid>
            {task && <LifecycleSlider task={task} />}
            {task && <TaskGitLinks projectId={projectId} taskId={task.id} />}
            <Group justify="flex-end" mt="sm">
              {showBacklog && (
                <Button variant="light" onClick={() => submit(true)} loading={saving}>
                  BACKLOG
                </Button>
              )}
              <Button variant="default" onClick={onClose} disabled={saving}>
                CANCEL
              </Button>
              <Button onClick={() => submit(false)} loading={saving}>
                {task ? 'UPDATE' : 'CREATE'}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="comments" pt="sm">
          {task && <TaskComments projectId={projectId} taskId={task.id} />}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
