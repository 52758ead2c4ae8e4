import type { AdminCreateProjectInput } from '@dd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

export type ProjectPeople = {
  clientIds: string[];
  accountManagerId: string | null;
  projectManagerIds: string[];
  developerIds: string[];
  companyId: string | null;
  techIds: string[];
  projectTypeIds: string[];
};

const list = (type: string, ids: string[]) => ids.map((id) => ({ type, id }));

/** POST /api/project/create: type project, attributes and relationships as in the admin form (docs/product.md §A7). */
export async function createProject(input: { attributes: AdminCreateProjectInput; people: ProjectPeople }) {
  const p = input.people;
  return read('POST /api/project/create', {
    body: toDocument(
      'project',
      { ...input.attributes },
      {
        relationships: {
          client: list('user', p.clientIds),
          accountManager: list('user', p.accountManagerId ? [p.accountManagerId] : []),
          projectManager: list('user', p.projectManagerIds),
          developer: list('user', p.developerIds),
          company: list('company', p.companyId ? [p.companyId] : []),
          tech: list('tech', p.techIds),
          projectType: list('project-type', p.projectTypeIds),
        },
      },
    ),
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
