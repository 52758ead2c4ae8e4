import {
  type AnswerData,
  type Flattened,
  isRole,
  type LookupResource,
  PAGE_SIZE,
  type Related,
  type ResourceStub,
  ROLE_LABELS,
  type Role,
  type UserFilter,
  userFilterTriples,
} from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from '../../../lib/api-client.ts';

export type UserRow = {
  id: number;
  name: string;
  /** The user's picture URL, or null (initials then). */
  avatar: string | null;
  login: string;
  email: string;
  phone: string;
  role: string;
  /** The role's item name, for the 'user:manage' rule (null when unknown). */
  roleId: Role | null;
  teams: string;
  projects: string;
  created: string;
};

export type UsersQuery = { page: number; sort: string; filter: UserFilter };

type Titled = Related<Flattened<LookupResource>>;
type UserRelations = { role: ResourceStub; team?: Titled[]; ownProject?: Titled[] };
type UserRecord = AnswerData<'GET /api/user/search', UserRelations>[number];

const titles = (list: Titled[] | undefined) =>
  (list ?? [])
    .map((r) => included(r)?.title ?? '')
    .filter(Boolean)
    .join(', ');

function toRow(u: UserRecord): UserRow {
  const role = u.role.id;
  return {
    id: Number(u.id),
    name: u.name,
    avatar: u.avatar || null,
    login: u.login ?? '',
    email: u.email ?? '',
    phone: u.phone ?? '',
    role: isRole(role) ? ROLE_LABELS[role] : role,
    roleId: isRole(role) ? role : null,
    teams: titles(u.team),
    projects: titles(u.ownProject),
    created: u.created,
  };
}

/** GET /api/user/search. A failed load is logged (docs/product.md §A8) and thrown, so the table says so. */
export async function getUsers({ page, sort, filter }: UsersQuery) {
  try {
    const { data, meta } = await read<'GET /api/user/search', UserRelations>('GET /api/user/search', {
      params: {
        page: { page, size: PAGE_SIZE },
        sort,
        include: 'role,team,ownProject',
        filter: userFilterTriples(filter),
      },
      suppressErrorToast: true,
    });
    return { rows: data.map(toRow), pageCount: meta.pageCount };
  } catch (error) {
    console.error('Loading users failed', error);
    // Logged (docs/product.md §A8), then thrown: the table shows an error with a Retry, not empty (docs/product.md §F5).
    throw error;
  }
}

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: ['users', 'table', query],
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
