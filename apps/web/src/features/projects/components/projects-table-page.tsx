import {
  can,
  formatPhone,
  LABELS,
  MESSAGES,
  mayReadField,
  PROJECT_SORT_FIELDS,
  projectFilterSchema,
} from '@dd/domain';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { todayIso } from '../../../lib/today.ts';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { createdColumn } from '../../../lib/ui/list-page.tsx';
import {
  type Column,
  filtersApplied,
  listTableProps,
  PagedTable,
  useTableUrlState,
} from '../../../lib/ui/paged-table.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { useActor } from '../../auth/api/get-session.ts';
import { useDeleteProject } from '../api/delete-project.ts';
import { type ProjectRow, useProjects } from '../api/get-projects.ts';
import { PROJECT_FILTER_KEYS, ProjectFilterForm, type ProjectFilterValues } from './project-filter-form.tsx';
import { SetupChecklist } from './setup-checklist.tsx';

const COLUMNS: Column<ProjectRow>[] = [
  { key: 'id', header: 'ID', sortField: 'id', render: (p) => p.id },
  { key: 'title', header: 'Title', sortField: 'title', render: (p) => p.title },
  { key: 'client', header: 'Client', sortField: 'owner.name', hideAt: 575, render: (p) => p.clientName },
  { key: 'state', header: 'State', sortField: 'state.id', hideAt: 991, render: (p) => p.state },
  {
    key: 'phone',
    header: 'Phone',
    sortField: 'owner.phone',
    hideAt: 768,
    render: (p) => formatPhone(p.phone),
  },
  { key: 'size', header: 'Size', sortField: 'size.id', hideAt: 1199, render: (p) => p.size },
  createdColumn('Created At', 768),
];

/** /projects-table (docs/product.md §A2): every staff role; delete only for admin-level users. */
export function ProjectsTablePage() {
  const actor = useActor();
  // A column the viewer does not receive (the phone, for readonlyManager) is neither shown, sorted
  // nor filtered on: the API refuses those (packages/domain field-visibility.ts).
  const showPhone = mayReadField(actor, 'client.phone');
  const columns = useMemo(
    () => COLUMNS.filter((c) => c.sortField === undefined || mayReadField(actor, c.sortField)),
    [actor],
  );
  const sortFields = useMemo(() => PROJECT_SORT_FIELDS.filter((f) => mayReadField(actor, f)), [actor]);
  const table = useTableUrlState({ defaultSort: '-created', sortFields, filterKeys: PROJECT_FILTER_KEYS });
  // Filters come from the address; values that do not pass the form's own rules are ignored.
  const filter = useMemo(() => {
    const parsed = projectFilterSchema(todayIso()).safeParse(table.filters);
    if (!parsed.success) return {};
    return showPhone ? parsed.data : { ...parsed.data, phone: undefined };
  }, [table.filters, showPhone]);
  const query = useProjects({ page: table.page, sort: table.sort, filter });
  const remove = useDeleteProject();
  const [pending, setPending] = useState<ProjectRow | null>(null);

  return (
    <TitledPage title={LABELS.tables.projects}>
      <SetupChecklist enabled={can(actor, 'admin:access')} />
      <ProjectFilterForm
        key={JSON.stringify(table.filters)}
        initial={table.filters as ProjectFilterValues}
        showPhone={showPhone}
        onSearch={(_filter, values) => table.setFilters(values)}
      />
      <PagedTable
        {...listTableProps(LABELS.tables.projects, table, query)}
        columns={columns}
        emptyText={filtersApplied(filter) ? 'No projects match these filters' : 'No projects yet'}
        actions={(p) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button component={Link} to={`/project/daily-updates/${p.id}`} size="xs" variant="light">
              {LABELS.buttons.view}
            </Button>
            {can(actor, 'project:delete', { ownerId: p.ownerId, clientIds: p.clientIds }) && (
              <Tooltip label="Delete project">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete project ${p.title}`}
                  onClick={() => setPending(p)}
                >
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      />
      <ConfirmDialog
        opened={pending !== null}
        message={MESSAGES.confirmDeleteProject}
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          // Checked again before the call (docs/product.md §A5), and once more by the server.
          if (!can(actor, 'project:delete', { ownerId: pending.ownerId, clientIds: pending.clientIds }))
            return;
          remove.mutate(pending.id, { onSettled: () => setPending(null) });
        }}
      />
    </TitledPage>
  );
}
