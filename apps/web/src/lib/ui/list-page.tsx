import { formatDateTime } from '@dd/domain';
import { ActionIcon, Container, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { Breakpoint, Column } from './paged-table.tsx';

/**
 * The frame of a list page (docs/product.md §A2): the tab's title, the page's heading (the title itself
 * unless the page puts links beside it) and the filters and table below.
 */
export function ListPage({
  title,
  heading,
  children,
}: {
  title: string;
  heading?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Delivery Desk`);
  return (
    <Container size="xl" py="lg">
      {heading ?? (
        <Title order={1} mb="md">
          {title}
        </Title>
      )}
      {children}
    </Container>
  );
}

/** A list's "created" column: the date and time in the viewer's zone, sortable. */
export function createdColumn<T extends { created: string }>(header: string, hideAt: Breakpoint): Column<T> {
  return {
    key: 'created',
    header,
    sortField: 'created',
    hideAt,
    render: (row) => (row.created ? formatDateTime(row.created) : ''),
  };
}

/** A row's red cross: it asks before deleting or deactivating the row (see useConfirmedRemoval). */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick}>
      <span aria-hidden="true">✕</span>
    </ActionIcon>
  );
}

type Removal = { mutate: (id: number, options: { onSettled: () => void }) => void; isPending: boolean };

/**
 * A table's removal of a row after the product's question: `ask(row)` opens the dialog, whose YES runs
 * the mutation with the row's id and closes it when the answer is in.
 */
export function useConfirmedRemoval<Row extends { id: number }>(
  remove: Removal,
  question: (row: Row) => string,
) {
  const [pending, setPending] = useState<Row | null>(null);
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      message={pending ? question(pending) : ''}
      busy={remove.isPending}
      onCancel={() => setPending(null)}
      onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
    />
  );
  return { ask: setPending, dialog };
}
