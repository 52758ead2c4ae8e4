import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type Person = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  role: string;
  timezone: string | null;
  helpNeeded: 'yes' | 'no' | 'not_sure' | null;
  companyId: number | null;
};
export type ProjectFile = { id: number; title: string; size: number; created: string };
export type ProjectLink = { id: number; title: string; url: string; created: string };
export type ProjectView = {
  id: number;
  title: string;
  description: string;
  addition: string;
  ownerId: number | null;
  owner: Person | null;
  clientIds: number[];
  clients: Person[];
  company: { id: number; title: string; companySizeId: number | null } | null;
  typeIds: number[];
  techIds: number[];
  sizeId: number | null;
  budgetId: number | null;
  startId: number | null;
  statusId: number | null;
  accountManager: Person | null;
  developers: Person[];
  projectManagers: Person[];
  files: ProjectFile[];
  links: ProjectLink[];
};

export const PROJECT_INCLUDE = [
  'owner',
  'company',
  'types',
  'tech',
  'client',
  'developer',
  'project-manager',
  'account-manager',
  'file',
  'link',
] as const;

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const optStr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const list = (v: unknown): Resource[] => (Array.isArray(v) ? (v as Resource[]) : []);

export function toPerson(r: Resource | null | undefined): Person | null {
  if (!r || r.name === undefined) return null;
  const help = r.helpNeeded;
  return {
    id: Number(r.id),
    name: str(r.name),
    email: optStr(r.email),
    phone: optStr(r.phone),
    avatar: optStr(r.avatar),
    role: str(r.role),
    timezone: optStr(r.timezone),
    helpNeeded: help === 'yes' || help === 'no' || help === 'not_sure' ? help : null,
    companyId: num((r.company as Resource | null)?.id),
  };
}

export function toProjectView(r: Resource): ProjectView {
  const company = r.company as Resource | null;
  return {
    id: Number(r.id),
    title: str(r.title),
    description: str(r.description),
    addition: str(r.addition),
    ownerId: num(r.ownerId),
    owner: toPerson(r.owner as Resource | null),
    clientIds: list(r.client).map((c) => Number(c.id)),
    clients: list(r.client)
      .map(toPerson)
      .filter((p): p is Person => p !== null),
    company:
      company && company.title !== undefined
        ? { id: Number(company.id), title: str(company.title), companySizeId: num(company.companySizeId) }
        : null,
    typeIds: list(r.types).map((t) => Number(t.id)),
    techIds: list(r.tech).map((t) => Number(t.id)),
    sizeId: num(r.projectSizeId),
    budgetId: num(r.projectBudgetId),
    startId: num(r.projectStartId),
    statusId: num(r.projectStatusId),
    accountManager: toPerson(r.accountManager as Resource | null),
    developers: list(r.developer)
      .map(toPerson)
      .filter((p): p is Person => p !== null),
    projectManagers: list(r.projectManager)
      .map(toPerson)
      .filter((p): p is Person => p !== null),
    files: list(r.file).map((f) => ({
      id: Number(f.id),
      title: str(f.title),
      size: num(f.size) ?? 0,
      created: str(f.relationshipCreated),
    })),
    links: list(r.link).map((l) => ({
      id: Number(l.id),
      title: str(l.title),
      url: str(l.url),
      created: str(l.relationshipCreated),
    })),
  };
}

/** GET /api/project/{id} with what the page shows. Reading it remembers the visit on the server. */
export async function getProject(id: number): Promise<ProjectView> {
  const { data } = await api.get<Resource>(`/project/${id}`, { params: { include: PROJECT_INCLUDE } });
  return toProjectView(data);
}

export const projectQueryKey = (id: number) => ['project', id] as const;

// A project that failed to load is not retried (client spec §2).
export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectQueryKey(id),
    queryFn: () => getProject(id),
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useProject(id: number) {
  return useQuery(projectQueryOptions(id));
}
