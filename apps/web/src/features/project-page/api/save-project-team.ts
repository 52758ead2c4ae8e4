import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';

export type SaveTeamInput = {
  projectId: number;
  developerIds: number[];
  projectManagerIds: number[];
  accountManagerId: number | null;
};

const users = (ids: number[]) => ({ data: ids.map((id) => ({ type: 'user', id: String(id) })) });

/** The project patch with relationships developer, projectManager and accountManager (docs/product.md §C7). */
export async function saveProjectTeam(input: SaveTeamInput): Promise<void> {
  await read('PATCH /api/project/{id}', {
    path: { id: input.projectId },
    body: {
      data: {
        type: 'project',
        id: String(input.projectId),
        relationships: {
          developer: users(input.developerIds),
          projectManager: users(input.projectManagerIds),
          accountManager: users(input.accountManagerId === null ? [] : [input.accountManagerId]),
        },
      },
    },
  });
}

export function useSaveProjectTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProjectTeam,
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: projectQueryKey(input.projectId) }),
  });
}
