import { isRole, PAGE_SIZE, ROLE_LABELS, type Role, type UserFilter, userFilterTriples } from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

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

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const titles = (v: unknown) =>
  Array.isArray(v)
    ? (v as Resource[])
        .map((r) => text(r.title))
        .filter(Boolean)
        .join(', ')
    : '';

function toRow(u: Resource): UserRow {
  const role = text(u.role && typeof u.role === 'object' ? (u.role as Resource).id : u.role);
  return {
    id: Number(u.id),
    name: text(u.name),
    avatar: text(u.avatar) || null,
    login: text(u.login),
    email: text(u.email),
    phone: text(u.phone),
    role: isRole(role) ? ROLE_LABELS[role] : role,
    roleId: isRole(role) ? role : null,
    teams: titles(u.team),
    projects: titles(u.ownProject),
    created: text(u.created),
  };
}

/** GET /api/user/search. A failed load is logged (admin §8) and thrown, so the table says so. */
export async function getUsers({ page, sort, filter }: UsersQuery) {
  try {
    const { data, meta } = await api.get<Resource[]>('/user/search', {
      params: {
        page: { page, size: PAGE_SIZE },
        sort,
        include: 'role,team,ownProject',
        filter: userFilterTriples(filter),
      },
      suppressErrorToast: true,
    });
    return { rows: data.map(toRow), pageCount: Number(meta.pageCount) || 0 };
  } catch (error) {
    console.error('Loading users failed', error);
    // Logged (admin §8), then thrown: the table shows an error with a Retry, not empty (issue 13 §4).
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
