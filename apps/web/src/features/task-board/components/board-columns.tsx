import { SPRINT_STATUS, type TaskAction, type UnfinishedTaskTarget } from '@dd/domain';
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { Button, Group, Text } from '@mantine/core';
import type { Sidebar } from '../api/get-sidebar.ts';
import type { Sprint } from '../api/get-sprints.ts';
import type { Tag } from '../api/get-tags.ts';
import type { BoardTask } from '../api/get-tasks.ts';
import type { TaskMove } from '../api/move-task.ts';
import { boardCollisions, boardKeyboardCoordinates, boxSprintId, kindOf } from './board-dnd.ts';
import {
  COLUMN_TITLES,
  type ColumnKey,
  currentSprints,
  doneTasks,
  moveColumn,
  myTasks,
  newTasks,
  roadblockTasks,
  sprintTasks,
  tagTasks,
} from './board-model.ts';
import { ColumnFrame } from './column-frame.tsx';
import { HistoryList } from './history-column.tsx';
import { SprintSection } from './sprint-section.tsx';
import { TagMenu } from './tag-menu.tsx';
import { SortableTaskList, TaskList } from './task-list.tsx';

export type BoardColumnsProps = {
  projectId: number;
  meId: number | null;
  columns: ColumnKey[];
  tasks: BoardTask[];
  sprints: Sprint[];
  tags: Tag[];
  sidebar: Sidebar | undefined;
  busy: boolean;
  isActionable: (task: BoardTask) => boolean;
  onColumnsChange: (columns: ColumnKey[]) => void;
  onOpenTask: (task: BoardTask) => void;
  onAction: (task: BoardTask, action: TaskAction) => void;
  onMove: (move: TaskMove) => void;
  onCreateSprint: () => void;
  onStartSprint: (sprintId: number) => void;
  onFinishSprint: (sprintId: number, unfinished: UnfinishedTaskTarget) => void;
};

/** The columns, side by side and reorderable; cards move between New Tasks and sprints and within them. */
export function BoardColumns(props: BoardColumnsProps) {
  const { columns, tasks, sprints, tags } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: boardKeyboardCoordinates }),
  );
  const current = currentSprints(sprints);

  const boxTasks = (boxId: string) => {
    const sprintId = boxSprintId(boxId);
    return sprintId === null ? newTasks(tasks) : sprintTasks(tasks, sprintId);
  };
  const boxOfTask = (taskId: number) => {
    const task = tasks.find((t) => t.id === taskId);
    if (!task) return null;
    if (task.sprintId === null) return 'box:new';
    return current.some((s) => s.id === task.sprintId) ? `box:sprint:${task.sprintId}` : null;
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    if (kindOf(active.id) === 'col') {
      const from = String(active.id).slice(4) as ColumnKey;
      const to = String(over.id).slice(4) as ColumnKey;
      props.onColumnsChange(moveColumn(columns, from, to));
      return;
    }
    const taskId = Number(String(active.id).slice(2));
    const fromBox = boxOfTask(taskId);
    let toBox: string | null;
    let index: number;
    if (kindOf(over.id) === 't') {
      const overId = Number(String(over.id).slice(2));
      toBox = boxOfTask(overId);
      if (!toBox) return;
      index = boxTasks(toBox).findIndex((t) => t.id === overId);
    } else {
      toBox = String(over.id);
      index = boxTasks(toBox).filter((t) => t.id !== taskId).length;
    }
    if (!fromBox || !toBox) return;
    if (fromBox === toBox && boxTasks(toBox).findIndex((t) => t.id === taskId) === index) return;
    props.onMove({ taskId, sprintId: boxSprintId(toBox), index });
  }

  const card = {
    busy: props.busy,
    onOpen: props.onOpenTask,
    onAction: props.onAction,
    actionable: props.isActionable,
  };
  const close = (key: ColumnKey) => props.onColumnsChange(columns.filter((k) => k !== key));

  function content(key: ColumnKey) {
    switch (key) {
      case 'current':
        return current.length === 0 ? (
          <Text size="sm" c="dimmed" py="xs">
            No current sprint. Create one, fill it from New Tasks, then start it.
          </Text>
        ) : (
          current.map((sprint, i) => (
            <SprintSection
              key={sprint.id}
              sprint={sprint}
              active={i === 0 && sprint.statusId === SPRINT_STATUS.started}
              tasks={sprintTasks(tasks, sprint.id)}
              busy={props.busy}
              onStart={() => props.onStartSprint(sprint.id)}
              onFinish={(unfinished) => props.onFinishSprint(sprint.id, unfinished)}
            >
              <SortableTaskList
                boxId={`box:sprint:${sprint.id}`}
                tasks={sprintTasks(tasks, sprint.id)}
                label={`Tasks of sprint #${sprint.number}`}
                empty="Drag tasks here from New Tasks."
                {...card}
              />
            </SprintSection>
          ))
        );
      case 'new':
        return (
          <SortableTaskList
            boxId="box:new"
            tasks={newTasks(tasks)}
            label="New tasks"
            empty="No new tasks."
            {...card}
          />
        );
      case 'done':
        return (
          <TaskList
            tasks={doneTasks(tasks, sprints)}
            label="Done tasks"
            empty="Nothing done yet."
            {...card}
          />
        );
      case 'mine':
        return (
          <TaskList tasks={myTasks(tasks, props.meId)} label="My tasks" empty="You own no tasks." {...card} />
        );
      case 'roadblocks':
        return (
          <>
            <Text size="xs" c="dimmed" mb={6}>
              Raised by the team: {props.sidebar?.devRoadblock ?? 0} · by the client:{' '}
              {props.sidebar?.clientRoadblock ?? 0}
            </Text>
            <TaskList tasks={roadblockTasks(tasks)} label="Roadblocks" empty="No open blockers." {...card} />
          </>
        );
      case 'history':
        return <HistoryList projectId={props.projectId} />;
      default: {
        const tagId = Number(key.slice(4));
        return (
          <TaskList
            tasks={tagTasks(tasks, tagId)}
            label="Tagged tasks"
            empty="No task has this tag."
            {...card}
          />
        );
      }
    }
  }

  const visible = columns.filter((key) => !key.startsWith('tag:') || tags.some((t) => `tag:${t.id}` === key));
  return (
    <DndContext sensors={sensors} collisionDetection={boardCollisions} onDragEnd={onDragEnd}>
      <SortableContext items={visible.map((k) => `col:${k}`)} strategy={horizontalListSortingStrategy}>
        <Group
          align="flex-start"
          wrap="nowrap"
          gap="sm"
          style={{ overflowX: 'auto', overflowY: 'hidden', paddingBottom: 8 }}
        >
          {visible.length === 0 && (
            <Text c="dimmed" size="sm">
              Every column is closed. Open one from the sidebar.
            </Text>
          )}
          {visible.map((key) => {
            const tag = key.startsWith('tag:') ? tags.find((t) => `tag:${t.id}` === key) : undefined;
            return (
              <ColumnFrame
                key={key}
                id={key}
                title={
                  tag
                    ? `# ${tag.title}`
                    : key === 'current'
                      ? 'Current Sprint (Backlog)'
                      : (COLUMN_TITLES[key] ?? key)
                }
                onClose={() => close(key)}
                extra={
                  key === 'current' ? (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={props.onCreateSprint}
                      disabled={props.busy}
                    >
                      New sprint
                    </Button>
                  ) : tag ? (
                    <TagMenu projectId={props.projectId} tag={tag} onDeleted={() => close(key)} />
                  ) : undefined
                }
              >
                {content(key)}
              </ColumnFrame>
            );
          })}
        </Group>
      </SortableContext>
    </DndContext>
  );
}
