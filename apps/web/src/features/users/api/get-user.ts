import { isRole, type ResourceStub, type Role } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** What the edit-user form starts from. */
export type EditableUser = {
  id: string;
  role: Role | '';
  name: string;
  timezone: string;
  login: string;
  email: string;
  phone: string;
  avatar: string;
  companyId: string | null;
  teamIds: string[];
  techIds: string[];
};

type UserRelations = {
  role: ResourceStub;
  company: ResourceStub | null;
  team?: ResourceStub[];
  tech?: ResourceStub[];
};
const ids = (list: ResourceStub[] | undefined) => (list ?? []).map((r) => String(r.id));

/** GET /api/user/{id}?include=role,company,techs,tech,team,ownProject (docs/product.md §A7). */
export async function getUser(id: string): Promise<EditableUser> {
  const { data } = await read<'GET /api/user/{id}', UserRelations>('GET /api/user/{id}', {
    path: { id },
    params: { include: 'role,company,techs,tech,team,ownProject' },
  });
  const role = data.role.id;
  return {
    id: String(data.id),
    role: isRole(role) ? role : '',
    name: data.name,
    timezone: data.timezone ?? '',
    login: data.login ?? '',
    email: data.email ?? '',
    phone: data.phone ?? '',
    avatar: data.avatar ?? '',
    companyId: data.company ? String(data.company.id) : null,
    teamIds: ids(data.team),
    techIds: ids(data.tech),
  };
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['users', 'one', id], queryFn: () => getUser(id) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
