import { COMPANY_SORT_FIELDS, confirmDeleteCompany, LABELS } from '@dd/domain';
import { RemoveRowButton, useConfirmedRemoval } from '../../../lib/ui/list-page.tsx';
import { type Column, listTableProps, PagedTable, useTableUrlState } from '../../../lib/ui/paged-table.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { useDeleteCompany } from '../api/delete-company.ts';
import { type CompanyRow, useCompanies } from '../api/get-companies.ts';

const COLUMNS: Column<CompanyRow>[] = [
  { key: 'id', header: 'ID', sortField: 'id', render: (c) => c.id },
  { key: 'title', header: 'Title', sortField: 'title', render: (c) => c.title },
  { key: 'size', header: 'Size', sortField: 'companySize.title', hideAt: 768, render: (c) => c.size },
  { key: 'type', header: 'Type', sortField: 'companyType.title', hideAt: 991, render: (c) => c.type },
  {
    key: 'industry',
    header: 'Industry',
    sortField: 'companyIndustry.title',
    hideAt: 1199,
    render: (c) => c.industry,
  },
  {
    key: 'funding',
    header: 'Founding',
    sortField: 'companyProjectFunding.title',
    hideAt: 1199,
    render: (c) => c.funding,
  },
  { key: 'participants', header: 'Participants', hideAt: 575, render: (c) => c.participants },
];

/** /companies-table (docs/product.md §A2): participants are the company's clients. */
export function CompaniesTablePage() {
  const table = useTableUrlState({ defaultSort: 'title', sortFields: COMPANY_SORT_FIELDS });
  const query = useCompanies({ page: table.page, sort: table.sort });
  const remove = useDeleteCompany();
  const removal = useConfirmedRemoval<CompanyRow>(remove, (row) => confirmDeleteCompany(row.title));
  return (
    <TitledPage title={LABELS.tables.companies}>
      <PagedTable
        {...listTableProps(LABELS.tables.companies, table, query)}
        columns={COLUMNS}
        emptyText="No companies yet"
        actions={(c) => (
          <RemoveRowButton label={`Delete company ${c.title}`} onClick={() => removal.ask(c)} />
        )}
      />
      {removal.dialog}
    </TitledPage>
  );
}
