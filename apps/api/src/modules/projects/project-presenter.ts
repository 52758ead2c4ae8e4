import type { ProjectResource } from '@dd/domain';
import type { Resource } from '../../lib/jsonapi/document.ts';
import { ref, refs } from '../../lib/jsonapi/document.ts';

export type ProjectRow = {
  id: number;
  title: string;
  description: string | null;
  addition: string | null;
  ownerId: number | null;
  companyId: number | null;
  projectStateId: number | null;
  projectSizeId: number | null;
  projectBudgetId: number | null;
  projectStartId: number | null;
  projectStatusId: number | null;
  accountManagerId: number | null;
  createdAt: Date;
};

export type ProjectRelations = {
  typeIds: number[];
  techIds: number[];
  clientIds: number[];
  developerIds: number[];
  projectManagerIds: number[];
  fileIds: number[];
  linkIds: number[];
  scheduledCallIds: number[];
};

/** Every field a project resource carries, listed (docs/product.md §C3); its schema is packages/domain's. */
export function presentProject(project: ProjectRow, rel: ProjectRelations): ProjectResource {
  return {
    type: 'project',
    id: String(project.id),
    attributes: {
      title: project.title,
      description: project.description,
      addition: project.addition,
      created: project.createdAt.toISOString(),
      'owner-id': project.ownerId,
      'company-id': project.companyId,
      'project-state-id': project.projectStateId,
      'project-size-id': project.projectSizeId,
      'project-budget-id': project.projectBudgetId,
      'project-start-id': project.projectStartId,
      'project-status-id': project.projectStatusId,
      'account-manager-id': project.accountManagerId,
    },
    relationships: {
      owner: { data: ref('user', project.ownerId) },
      company: { data: ref('company', project.companyId) },
      types: { data: refs('project-type', rel.typeIds) },
      tech: { data: refs('tech', rel.techIds) },
      size: { data: ref('project-size', project.projectSizeId) },
      budget: { data: ref('project-budget', project.projectBudgetId) },
      start: { data: ref('project-start', project.projectStartId) },
      status: { data: ref('project-status', project.projectStatusId) },
      state: { data: ref('project-state', project.projectStateId) },
      client: { data: refs('user', rel.clientIds) },
      developer: { data: refs('user', rel.developerIds) },
      'project-manager': { data: refs('user', rel.projectManagerIds) },
      'account-manager': { data: ref('user', project.accountManagerId) },
      file: { data: refs('file', rel.fileIds) },
      link: { data: refs('link', rel.linkIds) },
      'current-user-scheduled-calls': { data: refs('scheduled-call', rel.scheduledCallIds) },
    },
  };
}

/** A lookup record (size, budget, start, status, state, type). */
export function presentLookup(type: string, row: { id: number; title: string }): Resource {
  return { type, id: String(row.id), attributes: { title: row.title } };
}

export function presentCompany(row: { id: number; title: string; companySizeId: number | null }): Resource {
  return {
    type: 'company',
    id: String(row.id),
    attributes: { title: row.title, 'company-size-id': row.companySizeId },
  };
}
