import {
  actionsFor,
  formatDateTime,
  TASK_ACTION_LABELS,
  TASK_PRIORITY_NAMES,
  TASK_STATUS,
  TASK_STATUS_NAMES,
  TASK_TYPE_NAMES,
  type TaskAction,
} from '@dd/domain';
import { useSortable } from '@dnd-kit/sortable';
import { ActionIcon, Badge, Button, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useChangedElsewhereHighlight, useEditingBy } from '../../../lib/live-changes.ts';
import type { BoardTask } from '../api/get-tasks.ts';
import { useBoardPeople } from './board-people.ts';
import './task-card.css';

export type TaskCardProps = {
  task: BoardTask;
  /** Status actions are offered only to tasks inside a started sprint (docs/product.md §A4). */
  actionable: boolean;
  busy: boolean;
  onOpen: (task: BoardTask) => void;
  onAction: (task: BoardTask, action: TaskAction) => void;
};

const TYPE_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'blue' };

/** "Dana Developer is editing": someone else has this card open (presence, from the event stream). */
function EditingBy({ taskId }: { taskId: number }) {
  const userId = useEditingBy(taskId);
  const { people, meId } = useBoardPeople();
  if (userId === null || userId === meId) return null;
  const name = people.find((p) => p.id === userId)?.name ?? 'Someone';
  return (
    <Text size="xs" c="orange.9" mt={4} aria-live="polite">
      ✎ {name} is editing
    </Text>
  );
}

function CardBody({ task, actionable, busy, onOpen, onAction }: TaskCardProps) {
  return (
    <>
      <UnstyledButton onClick={() => onOpen(task)} style={{ display: 'block', width: '100%' }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Text>
      </UnstyledButton>
      <Group gap={6} mt={4}>
        <Text size="xs" c="dimmed">
          #{task.id}
        </Text>
        {task.typeId !== null && (
          <Badge size="xs" variant="light" color={TYPE_COLORS[task.typeId] ?? 'gray'}>
            {TASK_TYPE_NAMES[task.typeId]}
          </Badge>
        )}
        {task.priorityId !== null && (
          <Badge size="xs" variant="outline" color="gray">
            {TASK_PRIORITY_NAMES[task.priorityId]}
          </Badge>
        )}
        <Badge size="xs" variant="dot" color="gray">
          {TASK_STATUS_NAMES[task.statusId]}
        </Badge>
        {task.estimate !== null && (
          <Text size="xs" c="dimmed">
            {task.estimate} h
          </Text>
        )}
      </Group>
      <EditingBy taskId={task.id} />
      {task.statusId === TASK_STATUS.accepted && task.accepted ? (
        <Text size="xs" fw={600} mt={6}>
          Accepted {formatDateTime(task.accepted)}
        </Text>
      ) : (
        actionable && (
          <Group gap={6} mt={6}>
            {actionsFor(task.statusId).map((action) => (
              <Button
                key={action}
                size="compact-xs"
                variant={action === 'reject' ? 'outline' : 'light'}
                color={action === 'reject' ? 'red' : action === 'accept' ? 'teal' : undefined}
                onClick={() => onAction(task, action)}
                disabled={busy}
                aria-label={`${TASK_ACTION_LABELS[action]} task #${task.id} ${task.title}`}
              >
                {TASK_ACTION_LABELS[action]}
              </Button>
            ))}
          </Group>
        )
      )}
    </>
  );
}

/** A card in a column that is not a drop target (Done, My Tasks, Roadblocks, tag columns). */
/** Where a card sits: when someone else moves it, it flashes for a moment (task-card.css). */
function useMovedElsewhere(task: BoardTask): string | undefined {
  const moved = useChangedElsewhereHighlight(
    'task',
    task.id,
    `${task.sprintId}:${task.statusId}:${task.position}`,
  );
  return moved ? 'dd-card--moved' : undefined;
}

export function TaskCard(props: TaskCardProps) {
  const movedClass = useMovedElsewhere(props.task);
  return (
    <Paper component="li" withBorder p="xs" radius="sm" data-task-id={props.task.id} className={movedClass}>
      <CardBody {...props} />
    </Paper>
  );
}

/** A card in New Tasks or a sprint: dragged by its handle (pointer, or keyboard: space, arrows, space). */
export function SortableTaskCard(props: TaskCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: `t:${props.task.id}`,
      data: { kind: 'task' },
    });
  const movedClass = useMovedElsewhere(props.task);
  const style: CSSProperties = {
    // Translate only: scaling a card to its neighbour's size distorts the text while dragging.
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
    opacity: isDragging ? 0.5 : 1,
  };
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="sm"
      ref={setNodeRef}
      style={style}
      data-task-id={props.task.id}
      className={movedClass}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Move task #${props.task.id} ${props.task.title}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </ActionIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <CardBody {...props} />
        </div>
      </Group>
    </Paper>
  );
}
