import type { ProjectDetailsFormInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';
import { confirmationSentTo } from '../../email-change/api/confirmation-sent.ts';
import { projectQueryKey } from './get-project.ts';

export type SaveDetailsInput = {
  projectId: number;
  companyId: number | null;
  ownerId: number | null;
  values: ProjectDetailsFormInput;
  typeIds: number[];
  techIds: number[];
};

const refs = (type: string, ids: number[]) => ids.map((id) => ({ type, id: String(id) }));

/**
 * The details form saves through three calls (docs/product.md §C7): the project, the owner's company
 * (PATCH /company/{id}) and, only when they changed, the owner's details (PATCH /user/{id}/details).
 */
export async function saveProjectDetails(
  input: SaveDetailsInput,
): Promise<{ emailConfirmationSentTo: string | null }> {
  const { values } = input;
  await read('PATCH /api/project/{id}', {
    path: { id: input.projectId },
    body: toDocument(
      'project',
      {
        title: values.title,
        description: values.description ?? '',
        addition: values.addition ?? '',
        'project-size-id': values['project-size-id'],
        'project-budget-id': values['project-budget-id'],
        'project-start-id': values['project-start-id'],
        'project-status-id': values['project-status-id'],
      },
      {
        id: input.projectId,
        relationships: { tech: refs('tech', input.techIds), types: refs('project-type', input.typeIds) },
      },
    ),
  });
  if (input.companyId !== null)
    await read('PATCH /api/company/{id}', {
      path: { id: input.companyId },
      body: toDocument(
        'company',
        { title: values['company-title'], 'company-size-id': values['company-size-id'] },
        { id: input.companyId },
      ),
    });
  if (input.ownerId === null || !values.owner) return { emailConfirmationSentTo: null };
  const { meta } = await read('PATCH /api/user/{id}/details', {
    path: { id: input.ownerId },
    body: toDocument(
      'user',
      {
        name: values.owner.name,
        email: values.owner.email,
        phone: values.owner.phone,
        timezone: values.owner.timezone ?? '',
        help_needed: values.owner['help-needed'] ?? null,
        ...(values.owner['current-password'] ? { 'current-password': values.owner['current-password'] } : {}),
      },
      { id: input.ownerId },
    ),
  });
  // A new e-mail for the owner waits for that mailbox to confirm it.
  return { emailConfirmationSentTo: confirmationSentTo(meta) };
}

export function useSaveProjectDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProjectDetails,
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: projectQueryKey(input.projectId) }),
  });
}
