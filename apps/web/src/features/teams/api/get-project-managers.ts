import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

/** GET /api/user/by-role?role=projectManager: the active project managers for the team's picker. */
export async function getProjectManagers(): Promise<Array<{ value: string; label: string }>> {
  try {
    const { data } = await read('GET /api/user/by-role', {
      params: { role: 'projectManager' },
      suppressErrorToast: true,
    });
    return data.map((u) => ({ value: String(u.id), label: u.name || u.email || u.id }));
  } catch {
    return [];
  }
}

export function useProjectManagers() {
  return (
    useQuery(
      queryOptions({
        queryKey: ['users', 'by-role', 'projectManager', 'options'],
        queryFn: getProjectManagers,
      }),
    ).data ?? []
  );
}
