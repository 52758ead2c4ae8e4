import { confirmDeleteTeam, LABELS, TEAM_SORT_FIELDS } from '@dd/domain';
import { RemoveRowButton, useConfirmedRemoval } from '../../../lib/ui/list-page.tsx';
import { type Column, listTableProps, PagedTable, useTableUrlState } from '../../../lib/ui/paged-table.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { useDeleteTeam } from '../api/delete-team.ts';
import { type TeamRow, useTeams } from '../api/get-teams.ts';

const COLUMNS: Column<TeamRow>[] = [
  { key: 'id', header: 'ID', sortField: 'id', render: (t) => t.id },
  { key: 'title', header: 'Title', sortField: 'title', render: (t) => t.title },
  { key: 'punchLine', header: 'Punch Line', hideAt: 575, render: (t) => t.punchLine },
  { key: 'size', header: 'Team Size', hideAt: 768, render: (t) => t.size },
];

/** /teams-table (docs/product.md §A2): team size is developers plus project managers. */
export function TeamsTablePage() {
  const table = useTableUrlState({ defaultSort: 'title', sortFields: TEAM_SORT_FIELDS });
  const query = useTeams({ page: table.page, sort: table.sort });
  const remove = useDeleteTeam();
  const removal = useConfirmedRemoval<TeamRow>(remove, (row) => confirmDeleteTeam(row.title));
  return (
    <TitledPage title={LABELS.tables.teams}>
      <PagedTable
        {...listTableProps(LABELS.tables.teams, table, query)}
        columns={COLUMNS}
        emptyText="No teams yet"
        actions={(t) => <RemoveRowButton label={`Delete team ${t.title}`} onClick={() => removal.ask(t)} />}
      />
      {removal.dialog}
    </TitledPage>
  );
}
