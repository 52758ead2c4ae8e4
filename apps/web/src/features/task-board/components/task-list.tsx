import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Stack, Text } from '@mantine/core';
import type { BoardTask } from '../api/get-tasks.ts';
import { SortableTaskCard, TaskCard, type TaskCardProps } from './task-card.tsx';

type ListProps = Omit<TaskCardProps, 'task' | 'actionable'> & {
  tasks: BoardTask[];
  actionable: (task: BoardTask) => boolean;
  empty: string;
  label: string;
};

function Items({ tasks, actionable, empty, label, sortable, ...card }: ListProps & { sortable: boolean }) {
  if (tasks.length === 0)
    return (
      <Text size="sm" c="dimmed" py="xs">
        {empty}
      </Text>
    );
  const Card = sortable ? SortableTaskCard : TaskCard;
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {tasks.map((task) => (
        <Card key={task.id} task={task} actionable={actionable(task)} {...card} />
      ))}
    </Stack>
  );
}

/** A read-only list of cards (Done, My Tasks, Roadblocks, tags). */
export function TaskList(props: ListProps) {
  return <Items {...props} sortable={false} />;
}

/** A drop target list: New Tasks (`box:new`) or one sprint (`box:sprint:<id>`), its cards reorderable. */
export function SortableTaskList({ boxId, ...props }: ListProps & { boxId: string }) {
  const { setNodeRef, isOver } = useDroppable({
    id: boxId,
    data: { kind: 'task-box', empty: props.tasks.length === 0 },
  });
  return (
    <div
      ref={setNodeRef}
      style={{
        minHeight: 48,
        borderRadius: 6,
        outline: isOver ? '2px dashed var(--mantine-color-blue-5)' : undefined,
      }}
    >
      <SortableContext items={props.tasks.map((t) => `t:${t.id}`)} strategy={verticalListSortingStrategy}>
        <Items {...props} sortable />
      </SortableContext>
    </div>
  );
}
