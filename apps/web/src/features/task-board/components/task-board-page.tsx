import { activeSprint, SPRINT_STATUS, TASK_SIDEBAR_COLLAPSE } from '@dd/domain';
import { Alert, Box, Burger, Collapse, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useMediaMatch } from '../../../lib/use-media-match.ts';
import { useActor } from '../../auth/api/get-session.ts';
// The project's title and section tabs frame the board as they frame every /project/ screen (docs/product.md §C2).
import { ProjectArea } from '../../project-page/components/project-area.tsx';
import { useChangeSprintStatus } from '../api/change-sprint-status.ts';
import { useChangeTaskStatus } from '../api/change-task-status.ts';
import { useCreateSprint } from '../api/create-sprint.ts';
import { useSidebar } from '../api/get-sidebar.ts';
import { useSprints } from '../api/get-sprints.ts';
import { useTags } from '../api/get-tags.ts';
import { type BoardTask, useTasks } from '../api/get-tasks.ts';
import { useMoveTask } from '../api/move-task.ts';
import { BoardColumns } from './board-columns.tsx';
import { type ColumnKey, readOpenColumns, toggleColumn, writeOpenColumns } from './board-model.ts';
import { BoardPeople } from './board-people.ts';
import { BoardSidebar } from './board-sidebar.tsx';
import { TaskModal, type TaskModalTarget } from './task-modal.tsx';

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The per-project task board (docs/product.md §A2, §A7) under the project's title and tabs, Tasks active. */
export function TaskBoardPage() {
  return <ProjectArea>{() => <TaskBoard />}</ProjectArea>;
}

/** The board itself: sidebar, columns, task modal. */
function TaskBoard() {
  const projectId = Number(useParams().id);
  const actor = useActor();
  const meId = actor?.id ?? null;
  const tasks = useTasks(projectId);
  const sprints = useSprints(projectId);
  const tags = useTags(projectId);
  const sidebar = useSidebar(projectId);
  const createSprint = useCreateSprint(projectId);
  const sprintStatus = useChangeSprintStatus(projectId);
  const taskStatus = useChangeTaskStatus(projectId);
  const moveTask = useMoveTask(projectId);
  const [columns, setColumns] = useState<ColumnKey[]>(() => readOpenColumns(browserStorage(), projectId));
  const [modal, setModal] = useState<TaskModalTarget | null>(null);
  const narrow = useMediaMatch(`(max-width: ${TASK_SIDEBAR_COLLAPSE - 1}px)`);
  const [menuOpen, setMenuOpen] = useState(false);
  const boardPeople = useMemo(() => ({ people: sidebar.data?.people ?? [], meId }), [sidebar.data, meId]);

  const updateColumns = (next: ColumnKey[]) => {
    setColumns(next);
    writeOpenColumns(browserStorage(), projectId, next);
  };
  const sprintList = sprints.data ?? [];
  const started = new Set(sprintList.filter((s) => s.statusId === SPRINT_STATUS.started).map((s) => s.id));
  const isActionable = (task: BoardTask) => task.sprintId !== null && started.has(task.sprintId);
  const active = activeSprint(sprintList);
  const busy = createSprint.isPending || sprintStatus.isPending || taskStatus.isPending;

  if (tasks.isPending || sprints.isPending || tags.isPending)
    return <Loader m="xl" aria-label="Loading the task board" />;
  if (tasks.isError || sprints.isError || tags.isError)
    return (
      <Alert color="red" m="md" title="Task board">
        The task board could not be loaded.
      </Alert>
    );

  const sidebarPanel = (
    <BoardSidebar
      sidebar={sidebar.data}
      tags={tags.data}
      open={columns}
      onToggle={(key) => updateColumns(toggleColumn(columns, key))}
      onAddTask={() => setModal({ mode: 'create' })}
    />
  );

  const board = (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Task board
        </Title>
        {narrow && (
          <Burger
            opened={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
            aria-label={menuOpen ? 'Hide board menu' : 'Show board menu'}
            aria-expanded={menuOpen}
            size="sm"
          />
        )}
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {!narrow && (
          <Paper withBorder radius="md" py="xs" w={230} style={{ flex: '0 0 230px' }}>
            {sidebarPanel}
          </Paper>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          {narrow && (
            <Collapse expanded={menuOpen}>
              <Paper withBorder radius="md" py="xs" mb="sm">
                {sidebarPanel}
              </Paper>
            </Collapse>
          )}
          <BoardColumns
            projectId={projectId}
            meId={meId}
            columns={columns}
            tasks={tasks.data}
            sprints={sprintList}
            tags={tags.data}
            sidebar={sidebar.data}
            busy={busy}
            isActionable={isActionable}
            onColumnsChange={updateColumns}
            onOpenTask={(task) => setModal({ mode: 'edit', task })}
            onAction={(task, action) => taskStatus.mutate({ task, action })}
            onMove={(move) => moveTask.mutate(move)}
            onCreateSprint={() => createSprint.mutate()}
            onStartSprint={(sprintId) => sprintStatus.mutate({ sprintId, action: 'start' })}
            onFinishSprint={(sprintId, unfinished) =>
              sprintStatus.mutate({ sprintId, action: 'finish', unfinished })
            }
          />
        </Box>
      </Group>
      {modal && (
        <TaskModal
          key={modal.mode === 'edit' ? modal.task.id : 'new'}
          projectId={projectId}
          target={modal}
          tags={tags.data}
          people={sidebar.data?.people ?? []}
          meId={meId}
          activeSprintId={active?.id ?? null}
          actionable={modal.mode === 'edit' && isActionable(modal.task)}
          onClose={() => setModal(null)}
        />
      )}
    </Stack>
  );
  // Cards name who else is editing them (presence) from the board's people.
  return <BoardPeople.Provider value={boardPeople}>{board}</BoardPeople.Provider>;
}
