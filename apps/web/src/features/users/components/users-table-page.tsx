import { can, confirmDeactivateUser, LABELS, USER_SORT_FIELDS, userFilterSchema } from '@dd/domain';
import { Anchor, Button, Group, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useProductLabel } from '../../../lib/app-config.ts';
import { todayIso } from '../../../lib/today.ts';
import { createdColumn, RemoveRowButton, useConfirmedRemoval } from '../../../lib/ui/list-page.tsx';
import {
  type Column,
  filtersApplied,
  listTableProps,
  PagedTable,
  useTableUrlState,
} from '../../../lib/ui/paged-table.tsx';
import { PersonAvatar } from '../../../lib/ui/person-avatar.tsx';
import { PhoneLink } from '../../../lib/ui/phone-link.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { toActor, useSession } from '../../auth/api/get-session.ts';
import { useDeactivateUser } from '../api/deactivate-user.ts';
import { type UserRow, useUsers } from '../api/get-users.ts';
import { USER_FILTER_KEYS, UserFilterForm, type UserFilterValues } from './user-filter-form.tsx';

// The invitation form loads when it is first opened.
const InvitePersonModal = lazy(async () => ({
  default: (await import('../../invitations/components/invite-person-modal.tsx')).InvitePersonModal,
}));

function columns(product: string): Column<UserRow>[] {
  return [
    { key: 'id', header: 'ID', sortField: 'id', render: (u) => u.id },
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (u) => (
        <Group gap="xs" wrap="nowrap">
          <PersonAvatar name={u.name || u.login} avatar={u.avatar} size={28} />
          <span>{u.name}</span>
        </Group>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      sortField: 'email',
      hideAt: 575,
      render: (u) => (u.email ? <Anchor href={`mailto:${u.email}`}>{u.email}</Anchor> : ''),
    },
    {
      key: 'phone',
      header: 'Phone',
      sortField: 'phone',
      hideAt: 768,
      render: (u) => <PhoneLink phone={u.phone} />,
    },
    { key: 'role', header: 'Role', sortField: 'role.id', hideAt: 575, render: (u) => u.role },
    { key: 'team', header: product, hideAt: 991, render: (u) => u.teams },
    { key: 'project', header: 'Project', hideAt: 991, render: (u) => u.projects },
    createdColumn('Registered At', 1199),
  ];
}

/** /users-table (docs/product.md §A2): active users, admin-level only. */
export function UsersTablePage() {
  const product = useProductLabel();
  const cols = useMemo(() => columns(product), [product]);
  const table = useTableUrlState({
    defaultSort: 'name',
    sortFields: USER_SORT_FIELDS,
    filterKeys: USER_FILTER_KEYS,
  });
  const filter = useMemo(() => {
    const parsed = userFilterSchema(todayIso()).safeParse(table.filters);
    return parsed.success ? parsed.data : {};
  }, [table.filters]);
  const query = useUsers({ page: table.page, sort: table.sort, filter });
  const deactivate = useDeactivateUser();
  const session = useSession();
  const removal = useConfirmedRemoval<UserRow>(deactivate, (u) => confirmDeactivateUser(u.name || u.login));
  const [inviting, setInviting] = useState<boolean | null>(null);

  return (
    <TitledPage
      title={LABELS.tables.users}
      heading={
        <Group justify="space-between" align="center" mb="md" wrap="wrap">
          <Title order={1}>{LABELS.tables.users}</Title>
          <Group gap="md">
            <Button size="compact-sm" variant="light" onClick={() => setInviting(true)}>
              Invite a person
            </Button>
            <Anchor component={Link} to="/mail-outbox" size="sm">
              Mail outbox
            </Anchor>
            <Anchor component={Link} to="/incomplete-registrations" size="sm">
              Unfinished sign-ups
            </Anchor>
          </Group>
        </Group>
      }
    >
      <UserFilterForm
        key={JSON.stringify(table.filters)}
        initial={table.filters as UserFilterValues}
        onSearch={(_filter, values) => table.setFilters(values)}
      />
      <PagedTable
        {...listTableProps(LABELS.tables.users, table, query)}
        columns={cols}
        emptyText={filtersApplied(filter) ? 'No users match these filters' : 'No users yet'}
        actions={(u) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button component={Link} to={`/edit-user/${u.id}`} size="xs" variant="light">
              {LABELS.buttons.edit}
            </Button>
            {/* Nobody can deactivate themselves (the server answers 422), so the own row has no cross; nor
                a user ranked above them ('user:manage', the server answers 403). */}
            {u.id !== session?.id &&
              u.roleId &&
              can(toActor(session), 'user:manage', { id: u.id, role: u.roleId }) && (
                <RemoveRowButton
                  label={`Deactivate user ${u.name || u.login}`}
                  onClick={() => removal.ask(u)}
                />
              )}
          </Group>
        )}
      />
      {inviting !== null && (
        <Suspense fallback={null}>
          <InvitePersonModal opened={inviting} onClose={() => setInviting(false)} />
        </Suspense>
      )}
      {removal.dialog}
    </TitledPage>
  );
}
