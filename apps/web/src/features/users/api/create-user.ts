import type { AdminCreateUserInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import type { UserExtrasInput } from './update-user.ts';

/** POST /api/user/create: attributes and, by role, relationships team, techs and company (docs/product.md §A7). */
export async function createUser(input: { attributes: AdminCreateUserInput; extras: UserExtrasInput }) {
  const { extras } = input;
  return read('POST /api/user/create', {
    body: toDocument(
      'user',
      { ...input.attributes },
      {
        relationships: {
          team: extras.teamIds.map((id) => ({ type: 'team', id })),
          techs: extras.techIds.map((id) => ({ type: 'tech', id })),
          company: extras.companyId ? [{ type: 'company', id: extras.companyId }] : [],
        },
      },
    ),
    // Admin §8: taken e-mail/login shows on the field; other errors are only logged.
    suppressErrorToast: true,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
