import { createdColumn } from '../../../lib/ui/list-page.tsx';
import { type Column, listTableProps, PagedTable, useTableUrlState } from '../../../lib/ui/paged-table.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import {
  INCOMPLETE_REGISTRATION_SORT_FIELDS,
  type IncompleteRegistrationRow,
  useIncompleteRegistrations,
} from '../api/get-incomplete-registrations.ts';

const TITLE = 'Unfinished sign-ups';
const COLUMNS: Column<IncompleteRegistrationRow>[] = [
  { key: 'id', header: 'ID', sortField: 'id', render: (r) => r.id },
  { key: 'email', header: 'E-mail', sortField: 'user-email', render: (r) => r.email },
  { key: 'name', header: 'Name', hideAt: 575, render: (r) => r.name },
  { key: 'phone', header: 'Phone', hideAt: 768, render: (r) => r.phone },
  { key: 'project', header: 'Project', hideAt: 768, render: (r) => r.project },
  { key: 'step', header: 'Step', hideAt: 991, render: (r) => r.step },
  createdColumn('Created', 1199),
];

/** /incomplete-registrations (admins): what visitors typed into the wizard before leaving. */
export function IncompleteRegistrationsPage() {
  const table = useTableUrlState({
    defaultSort: '-created',
    sortFields: INCOMPLETE_REGISTRATION_SORT_FIELDS,
  });
  const query = useIncompleteRegistrations({ page: table.page, sort: table.sort });
  return (
    <TitledPage title={TITLE}>
      <PagedTable
        {...listTableProps(TITLE, table, query)}
        columns={COLUMNS}
        emptyText="No unfinished sign-ups yet"
      />
    </TitledPage>
  );
}
