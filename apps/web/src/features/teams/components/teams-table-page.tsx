import { confirmDeleteTeam, LABELS, TEAM_SORT_FIELDS } from '@dd/domain';
import { ActionIcon, Container, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { type Column, listTableProps, PagedTable, useTableUrlState } from '../../../lib/ui/paged-table.tsx';
import { useDeleteTeam } from '../api/delete-team.ts';
import { type TeamRow, useTeams } from '../api/get-teams.ts';

const COLUMNS: Column<TeamRow>[] = [
  { key: 'id', header: 'ID', sortField: 'id', render: (t) => t.id },
  { key: 'title', header: 'Title', sortField: 'title', render: (t) => t.title },
  { key: 'punchLine', header: 'Punch Line', hideAt: 575, render: (t) => t.punchLine },
  { key: 'size', header: 'Team Size', hideAt: 768, render: (t) => t.size },
];
const NO_FILTERS: readonly string[] = [];

/** /teams-table (docs/product.md §A2): team size is developers plus project managers. */
export function TeamsTablePage() {
  useDocumentTitle(`${LABELS.tables.teams} · Delivery Desk`);
  const table = useTableUrlState({
    defaultSort: 'title',
    sortFields: TEAM_SORT_FIELDS,
    filterKeys: NO_FILTERS,
  });
  const query = useTeams({ page: table.page, sort: table.sort });
  const remove = useDeleteTeam();
  const [pending, setPending] = useState<TeamRow | null>(null);
  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        {LABELS.tables.teams}
      </Title>
      <PagedTable
        label={LABELS.tables.teams}
        {...listTableProps(table, query)}
        columns={COLUMNS}
        rowKey={(t) => String(t.id)}
        emptyText="No teams yet"
        actions={(t) => (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete team ${t.title}`}
            onClick={() => setPending(t)}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        )}
      />
      <ConfirmDialog
        opened={pending !== null}
        message={pending ? confirmDeleteTeam(pending.title) : ''}
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
      />
    </Container>
  );
}
