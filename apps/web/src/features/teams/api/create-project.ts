import type { AdminCreateProjectInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

/**
 * POST /api/project/create from the New Team page's modal: the project's basics, with the team's
 * project manager (when chosen) as its project manager.
 */
export async function createTeamProject(input: {
  attributes: AdminCreateProjectInput;
  projectManagerId: string | null;
}) {
  return read('POST /api/project/create', {
    body: toDocument(
      'project',
      { ...input.attributes },
      {
        relationships: {
          projectManager: input.projectManagerId ? [{ type: 'user', id: input.projectManagerId }] : [],
        },
      },
    ),
  });
}

export function useCreateTeamProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeamProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
