import { isRole, type Role } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

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

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const ids = (v: unknown) => (Array.isArray(v) ? (v as Resource[]).map((r) => String(r.id)) : []);

/** GET /api/user/{id}?include=role,company,techs,tech,team,ownProject (admin §7). */
export async function getUser(id: string): Promise<EditableUser> {
  const { data } = await api.get<Resource>(`/user/${encodeURIComponent(id)}`, {
    params: { include: 'role,company,techs,tech,team,ownProject' },
  });
  const role = text(data.role && typeof data.role === 'object' ? (data.role as Resource).id : data.role);
  const company = data.company as Resource | null | undefined;
  return {
    id: String(data.id),
    role: isRole(role) ? role : '',
    name: text(data.name),
    timezone: text(data.timezone),
    login: text(data.login),
    email: text(data.email),
    phone: text(data.phone),
    avatar: text(data.avatar),
    companyId: company ? String(company.id) : null,
    teamIds: ids(data.team),
    techIds: ids(data.tech),
  };
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['users', 'one', id], queryFn: () => getUser(id) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
