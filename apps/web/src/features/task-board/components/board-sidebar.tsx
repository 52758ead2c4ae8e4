import { Badge, Button, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import type { Sidebar } from '../api/get-sidebar.ts';
import type { Tag } from '../api/get-tags.ts';
import { COLUMN_TITLES, type ColumnKey } from './board-model.ts';

type BoardSidebarProps = {
  sidebar: Sidebar | undefined;
  tags: Tag[];
  open: ColumnKey[];
  onToggle: (key: ColumnKey) => void;
  onAddTask: () => void;
};

/** The board's left sidebar (docs/product.md §A2): counts, Add Tasks, then one toggle per column and per tag. */
export function BoardSidebar({ sidebar, tags, open, onToggle, onAddTask }: BoardSidebarProps) {
  const entry = (key: ColumnKey, label: string, count?: number, description?: string) => (
    <NavLink
      key={key}
      component="button"
      label={label}
      description={description}
      active={open.includes(key)}
      aria-pressed={open.includes(key)}
      onClick={() => onToggle(key)}
      rightSection={
        count === undefined ? undefined : (
          <Badge size="sm" variant="light" color="gray">
            {count}
          </Badge>
        )
      }
    />
  );
  return (
    <Stack gap={4} component="nav" aria-label="Task board">
      <Group gap="xs" px="sm" py={4}>
        <Text size="sm">
          Done tasks: <strong>{sidebar?.doneTask ?? '…'}</strong>
        </Text>
        <Text size="sm">
          Project users: <strong>{sidebar?.projectUser ?? '…'}</strong>
        </Text>
      </Group>
      <Button onClick={onAddTask} mx="sm" my={4}>
        Add Tasks
      </Button>
      {entry('mine', COLUMN_TITLES.mine!, sidebar?.ownTask)}
      {entry('current', COLUMN_TITLES.current!)}
      {entry('done', COLUMN_TITLES.done!, sidebar?.doneTask)}
      {entry('new', COLUMN_TITLES.new!, sidebar?.newTask)}
      {entry(
        'roadblocks',
        COLUMN_TITLES.roadblocks!,
        sidebar ? sidebar.devRoadblock + sidebar.clientRoadblock : undefined,
        sidebar
          ? `dev-roadblock ${sidebar.devRoadblock} · client-roadblock ${sidebar.clientRoadblock}`
          : undefined,
      )}
      {entry('history', COLUMN_TITLES.history!)}
      {tags.length > 0 && <Divider label="Tags" labelPosition="left" mx="sm" />}
      {tags.map((tag) => entry(`tag:${tag.id}`, `# ${tag.title}`))}
    </Stack>
  );
}
