import { COMPANY_SORT_FIELDS, confirmDeleteCompany, LABELS } from '@dd/domain';
import { ActionIcon, Container, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { type Column, listTableProps, PagedTable, useTableUrlState } from '../../../lib/ui/paged-table.tsx';
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
const NO_FILTERS: readonly string[] = [];

/** /companies-table (docs/product.md §A2): participants are the company's clients. */
export function CompaniesTablePage() {
  useDocumentTitle(`${LABELS.tables.companies} · Delivery Desk`);
  const table = useTableUrlState({
    defaultSort: 'title',
    sortFields: COMPANY_SORT_FIELDS,
    filterKeys: NO_FILTERS,
  });
  const query = useCompanies({ page: table.page, sort: table.sort });
  const remove = useDeleteCompany();
  const [pending, setPending] = useState<CompanyRow | null>(null);
  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        {LABELS.tables.companies}
      </Title>
      <PagedTable
        label={LABELS.tables.companies}
        {...listTableProps(table, query)}
        columns={COLUMNS}
        rowKey={(c) => String(c.id)}
        emptyText="No companies yet"
        actions={(c) => (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete company ${c.title}`}
            onClick={() => setPending(c)}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        )}
      />
      <ConfirmDialog
        opened={pending !== null}
        message={pending ? confirmDeleteCompany(pending.title) : ''}
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
      />
    </Container>
  );
}
