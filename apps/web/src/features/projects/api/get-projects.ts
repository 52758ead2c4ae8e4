import { PAGE_SIZE, type ProjectFilter, projectFilterTriples } from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

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

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const related = (v: unknown) => (v && typeof v === 'object' ? (v as Resource) : null);

function toRow(p: Resource): ProjectRow {
  const owner = related(p.owner);
  return {
    id: Number(p.id),
    title: text(p.title),
    created: text(p.created),
    ownerId: owner ? Number(owner.id) : null,
    clientIds: Array.isArray(p.client) ? (p.client as Resource[]).map((c) => Number(c.id)) : [],
    clientName: text(owner?.name) || text(p.ownerName),
    phone: text(owner?.phone) || text(p.ownerPhone),
    state: text(related(p.state)?.title) || text(p.stateTitle),
    size: text(related(p.size)?.title) || text(p.sizeTitle),
  };
}

/** GET /api/project/search. A failed load is logged (admin §8) and thrown, so the table says so. */
export async function getProjects({ page, sort, filter }: ProjectsQuery): Promise<ProjectsPage> {
  try {
    const { data, meta } = await api.get<Resource[]>('/project/search', {
      params: {
        page: { page, size: PAGE_SIZE },
        sort,
        include: 'client,size,state,owner',
        filter: projectFilterTriples(filter),
      },
      suppressErrorToast: true,
    });
    return { rows: data.map(toRow), pageCount: Number(meta.pageCount) || 0 };
  } catch (error) {
    console.error('Loading projects failed', error);
    // Logged (admin §8), then thrown: the table shows an error with a Retry, not empty (issue 13 §4).
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
