import type {
  AnswerData,
  CompanyResource,
  FileResource,
  Flattened,
  LinkResource,
  Related,
  ResourceStub,
  UserResource,
} from '@dd/domain';
import { PROJECT_INCLUDE } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from '../../../lib/api-client.ts';

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

/** The answer's resources, typed from the domain's response schema (packages/domain/src/api/project.ts). */
type CompanyRecord = Flattened<CompanyResource>;
export type UserRecord = Flattened<UserResource, { company?: Related<CompanyRecord> | null }>;
/** The relationships PROJECT_INCLUDE asks for, by name. */
type ProjectRelations = {
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
};
type ProjectRecord = AnswerData<'GET /api/project/{id}', ProjectRelations>;
const idOf = (r: ResourceStub | null | undefined) => (r ? Number(r.id) : null);

export function toPerson(r: Related<UserRecord> | null | undefined): Person | null {
  const user = included(r);
  if (!user) return null;
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email || null,
    phone: user.phone || null,
    avatar: user.avatar || null,
    role: user.role,
    timezone: user.timezone || null,
    helpNeeded: user.helpNeeded,
    companyId: idOf(user.company),
  };
}

const people = (list: Array<Related<UserRecord>>) =>
  list.map(toPerson).filter((p): p is Person => p !== null);

export function toProjectView(r: ProjectRecord): ProjectView {
  const company = included(r.company);
  return {
    id: Number(r.id),
    title: r.title,
    description: r.description ?? '',
    addition: r.addition ?? '',
    ownerId: r.ownerId,
    owner: toPerson(r.owner),
    clientIds: r.client.map((c) => Number(c.id)),
    clients: people(r.client),
    company: company
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
      .map((f) => included(f))
      .filter((f) => f !== null)
      .map((f) => ({ id: Number(f.id), title: f.title, size: f.size, created: f.relationshipCreated })),
    links: r.link
      .map((l) => included(l))
      .filter((l) => l !== null)
      .map((l) => ({ id: Number(l.id), title: l.title, url: l.url, created: l.relationshipCreated })),
  };
}

/** GET /api/project/{id} with what the page shows. Reading it remembers the visit on the server. */
export async function getProject(id: number): Promise<ProjectView> {
  const { data } = await read<'GET /api/project/{id}', ProjectRelations>('GET /api/project/{id}', {
    path: { id },
    params: { include: PROJECT_INCLUDE },
  });
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
