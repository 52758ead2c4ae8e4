import type { EditUserInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

export type UserExtrasInput = { companyId: string | null; teamIds: string[]; techIds: string[] };

/** Relationships by role (docs/product.md §A7): team, tech and company, each a list of type and id. */
export function extrasRelationships(extras: UserExtrasInput) {
  return {
    team: extras.teamIds.map((id) => ({ type: 'team', id })),
    tech: extras.techIds.map((id) => ({ type: 'tech', id })),
    company: extras.companyId ? [{ type: 'company', id: extras.companyId }] : [],
  };
}

/** PATCH /api/user/{id} with role, name, timezone, login, email, phone, avatar and the extras. */
export async function updateUser(input: { id: string; attributes: EditUserInput; extras: UserExtrasInput }) {
  return read('PATCH /api/user/{id}', {
    path: { id: input.id },
    body: toDocument(
      'user',
      { ...input.attributes },
      { id: input.id, relationships: extrasRelationships(input.extras) },
    ),
    // The form shows field errors itself; anything else gets the generic toast there.
    suppressErrorToast: true,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
