import type { AdminCreateTeamInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

/** POST /api/team/create with title, punch-line, avatar and the projectManager relation (docs/product.md §A7). */
export async function createTeam(input: {
  attributes: AdminCreateTeamInput;
  projectManagerId: string | null;
}) {
  return read('POST /api/team/create', {
    body: toDocument(
      'team',
      { ...input.attributes },
      {
        relationships: {
          projectManager: input.projectManagerId ? [{ type: 'user', id: input.projectManagerId }] : [],
        },
      },
    ),
  });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teams'] }),
  });
}
