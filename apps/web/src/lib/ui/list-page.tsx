import { formatDateTime } from '@dd/domain';
import { ActionIcon } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { Breakpoint, Column } from './paged-table.tsx';

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
