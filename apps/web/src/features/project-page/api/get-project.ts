import type {
  CompanyResource,
  FileResource,
  Flattened,
  LinkResource,
  ProjectResource,
  ResourceStub,
  UserResource,
} from '@dd/domain';
import { PROJECT_INCLUDE } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

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

/** The answer's resources, typed from the domain's response schemas (packages/domain/src/api/project.ts). */
type Related<T> = T | ResourceStub;
type CompanyRecord = Flattened<CompanyResource>;
export type UserRecord = Flattened<UserResource, { company?: Related<CompanyRecord> | null }>;
type ProjectRecord = Flattened<
  ProjectResource,
  {
    owner: Related<UserRecord> | null;
    company: Related<CompanyRecord> | null;
    types: ResourceStub[];
    tech: ResourceStub[];
    client: Array<Related<UserRecord>>;
    developer: Array<Related<UserRecord>>;
    projectManager: Array<Related<UserRecord>>;
    accountManager: Related<UserRecord> | null;
    file: Array<Related<Flattened<FileResource>>>;
    link: Array<Related<Flattened<LinkResource>>>;
  }
>;

/** Whether the answer included the related resource (a stub carries only id and type). */
const isIncluded = <T extends ResourceStub>(r: T | ResourceStub | null | undefined): r is T =>
  r !== null && r !== undefined && Object.keys(r).length > 2;
const idOf = (r: ResourceStub | null | undefined) => (r ? Number(r.id) : null);

export function toPerson(r: Related<UserRecord> | null | undefined): Person | null {
  if (!isIncluded<UserRecord>(r)) return null;
  return {
    id: Number(r.id),
    name: r.name,
    email: r.email || null,
    phone: r.phone || null,
    avatar: r.avatar || null,
    role: r.role,
    timezone: r.timezone || null,
    helpNeeded: r.helpNeeded,
    companyId: idOf(r.company),
  };
}

const people = (list: Array<Related<UserRecord>>) =>
  list.map(toPerson).filter((p): p is Person => p !== null);

export function toProjectView(r: ProjectRecord): ProjectView {
  const company = r.company;
  return {
    id: Number(r.id),
    title: r.title,
    description: r.description ?? '',
    addition: r.addition ?? '',
    ownerId: r.ownerId,
    owner: toPerson(r.owner),
    clientIds: r.client.map((c) => Number(c.id)),
    clients: people(r.client),
    company: isIncluded<CompanyRecord>(company)
      ? { id: Number(company.id), title: company.title, companySizeId: company.companySizeId }
      : null,
    typeIds: r.types.map((t) => Number(t.id)),
    techIds: r.tech.map((t) => Number(t.id)),
    sizeId: r.projectSizeId,
    budgetId: r.projectBudgetId,
    startId: r.projectStartId,
    statusId: r.projectStatusId,
    accountManager: toPerson(r.accountManager),
    developers: people(r.developer),
    projectManagers: people(r.projectManager),
    files: r.file
      .filter((f) => isIncluded<Flattened<FileResource>>(f))
      .map((f) => ({ id: Number(f.id), title: f.title, size: f.size, created: f.relationshipCreated })),
    links: r.link
      .filter((l) => isIncluded<Flattened<LinkResource>>(l))
      .map((l) => ({ id: Number(l.id), title: l.title, url: l.url, created: l.relationshipCreated })),
  };
}

/** GET /api/project/{id} with what the page shows. Reading it remembers the visit on the server. */
export async function getProject(id: number): Promise<ProjectView> {
  const { data } = await api.get<ProjectRecord>(`/project/${id}`, { params: { include: PROJECT_INCLUDE } });
  return toProjectView(data);
}

export const projectQueryKey = (id: number) => ['project', id] as const;

// A project that failed to load is not retried (docs/product.md §C2).
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
