import { useSortable } from '@dnd-kit/sortable';
import { ActionIcon, Box, Group, Paper, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

type ColumnFrameProps = {
  id: string;
  title: string;
  extra?: ReactNode;
  onClose: () => void;
  children: ReactNode;
};

/** One board column: a header with its drag handle (columns reorder horizontally) and a close button. */
export function ColumnFrame({ id, title, extra, onClose, children }: ColumnFrameProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: `col:${id}`,
      data: { kind: 'column' },
    });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${transform.x}px, 0, 0)` : undefined,
    transition,
    opacity: isDragging ? 0.6 : 1,
    width: 300,
    flex: '0 0 300px',
  };
  const headingId = `column-${id.replace(':', '-')}`;
  return (
    <Paper
      ref={setNodeRef}
      style={style}
      withBorder
      radius="md"
      bg="gray.0"
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" gap={4} p="xs" wrap="nowrap">
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Move column ${title}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Group>
        <Group gap={4} wrap="nowrap">
          {extra}
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Close column ${title}`}
            onClick={onClose}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      </Group>
      <Box px="xs" pb="xs">
        {children}
      </Box>
    </Paper>
  );
}
