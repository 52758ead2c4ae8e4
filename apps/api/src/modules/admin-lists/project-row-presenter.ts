import type { projects } from '../../db/schema/index.ts';
import { type Resource, ref, refs } from '../../lib/jsonapi/document.ts';

/** The columns the projects table shows: a list page never reads descriptions or other long text. */
export type ProjectRow = Pick<
  typeof projects.$inferSelect,
  'id' | 'title' | 'createdAt' | 'ownerId' | 'projectStateId' | 'projectSizeId'
>;

/** A project as the projects table lists it; every field named, nothing else leaves the server. */
export function presentProjectRow(
  project: ProjectRow,
  extra: {
    clientIds: number[];
    ownerName: string | null;
    ownerPhone: string | null;
    stateTitle: string | null;
    sizeTitle: string | null;
  },
): Resource {
  return {
    type: 'project',
    id: String(project.id),
    attributes: {
      title: project.title,
      created: project.createdAt.toISOString(),
      'owner-name': extra.ownerName,
      'owner-phone': extra.ownerPhone,
      'state-title': extra.stateTitle,
      'size-title': extra.sizeTitle,
      'project-state-id': project.projectStateId,
      'project-size-id': project.projectSizeId,
    },
    relationships: {
      owner: { data: ref('user', project.ownerId) },
      client: { data: refs('user', extra.clientIds) },
      state: { data: ref('project-state', project.projectStateId) },
      size: { data: ref('project-size', project.projectSizeId) },
    },
  };
}
