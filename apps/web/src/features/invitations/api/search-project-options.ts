import { projectFilterTriples } from '@dd/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type ProjectOption = { value: string; label: string };

/** GET /api/project/search by title, for choosing the project an invitation is for (first 20 by title). */
export async function searchProjectOptions(title: string): Promise<ProjectOption[]> {
  const { data } = await read('GET /api/project/search', {
    params: {
      page: { page: 1, size: 20 },
      sort: 'title',
      filter: projectFilterTriples(title.trim() ? { title: title.trim() } : {}),
    },
  });
  return data.map((p) => ({
    value: String(p.id),
    label: p.title || `#${p.id}`,
  }));
}

export function useProjectOptions(title: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invitations', 'project-options', title.trim()],
    queryFn: () => searchProjectOptions(title),
    enabled,
    placeholderData: keepPreviousData,
  });
}
