import {
  type AnswerData,
  type Flattened,
  type LookupResource,
  PAGE_SIZE,
  type ProjectFilter,
  projectFilterTriples,
  type Related,
  type UserResource,
} from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from '../../../lib/api-client.ts';

export type ProjectRow = {
  id: number;
  title: string;
  created: string;
  ownerId: number | null;
  clientIds: number[];
  clientName: string;
  phone: string;
  state: string;
  size: string;
};

export type ProjectsPage = { rows: ProjectRow[]; pageCount: number };
export type ProjectsQuery = { page: number; sort: string; filter: ProjectFilter };

type Person = Flattened<UserResource>;
type Owner = Related<Person>;
type Titled = Related<Flattened<LookupResource>>;
type ProjectRelations = {
  owner?: Owner | null;
  client?: Owner[];
  state?: Titled | null;
  size?: Titled | null;
};
type ProjectRecord = AnswerData<'GET /api/project/search', ProjectRelations>[number];

function toRow(p: ProjectRecord): ProjectRow {
  const owner = p.owner ?? null;
  const person = included<Person>(owner);
  return {
    id: Number(p.id),
    title: p.title,
    created: p.created,
    ownerId: owner ? Number(owner.id) : null,
    clientIds: (p.client ?? []).map((c) => Number(c.id)),
    clientName: person?.name || (p.ownerName ?? ''),
    phone: person?.phone || (p.ownerPhone ?? ''),
    state: included(p.state)?.title || (p.stateTitle ?? ''),
    size: included(p.size)?.title || (p.sizeTitle ?? ''),
  };
}

/** GET /api/project/search. A failed load is logged (docs/product.md §A8) and thrown, so the table says so. */
export async function getProjects({ page, sort, filter }: ProjectsQuery): Promise<ProjectsPage> {
  try {
    const { data, meta } = await read<'GET /api/project/search', ProjectRelations>(
      'GET /api/project/search',
      {
        params: {
          page: { page, size: PAGE_SIZE },
          sort,
          include: 'client,size,state,owner',
          filter: projectFilterTriples(filter),
        },
        suppressErrorToast: true,
      },
    );
    return { rows: data.map(toRow), pageCount: meta.pageCount };
  } catch (error) {
    console.error('Loading projects failed', error);
    // Logged (docs/product.md §A8), then thrown: the table shows an error with a Retry, not empty (docs/product.md §F5).
    throw error;
  }
}

export const projectsQueryOptions = (query: ProjectsQuery) =>
  queryOptions({
    queryKey: ['projects', 'table', query],
    queryFn: () => getProjects(query),
    placeholderData: keepPreviousData,
  });

export function useProjects(query: ProjectsQuery) {
  return useQuery(projectsQueryOptions(query));
}
