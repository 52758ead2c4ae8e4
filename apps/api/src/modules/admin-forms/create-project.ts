import { type AdminCreateProjectInput, type AdminRelationships, relationshipIds } from '@dd/domain';
import type { Db } from '../../db/client.ts';
import {
  companies,
  projectBudgets,
  projectMembers,
  projectProjectTypes,
  projectSizes,
  projectStarts,
  projectStates,
  projects,
  projectTechs,
  projectTypes,
  techs,
} from '../../db/schema/index.ts';
import { attr, rel } from '../../lib/app-error.ts';
import { defaultAccountManagerId } from '../settings/default-account-manager.ts';
import { assertActiveUsersOfRole, assertIdsExist } from './checks.ts';

export type CreateProjectRequest = {
  attributes: AdminCreateProjectInput;
  relationships?: AdminRelationships;
};

/**
 * New Project (docs/product.md §A2): the lookups, then people offered by role — clients (the first one owns the
 * project), one account manager (the default setting when none is chosen), project managers and
 * developers — plus company, techs and project types.
 */
export async function createProject(db: Db, request: CreateProjectRequest): Promise<{ id: number }> {
  const a = request.attributes;
  const r = request.relationships;
  const clientIds = relationshipIds(r, 'client') ?? [];
  const accountManagerIds = relationshipIds(r, 'accountManager') ?? [];
  const managerIds = relationshipIds(r, 'projectManager') ?? [];
  const developerIds = relationshipIds(r, 'developer') ?? [];
  const companyIds = relationshipIds(r, 'company') ?? [];
  const techIds = relationshipIds(r, 'tech', 'techs') ?? [];
  const typeIds = relationshipIds(r, 'projectType', 'types') ?? [];

  return db.transaction(async (tx) => {
    await assertIdsExist(tx, projectStates, [a['project-state-id']], attr('project-state-id'));
    await assertIdsExist(tx, projectSizes, [a['project-size-id']], attr('project-size-id'));
    await assertIdsExist(tx, projectBudgets, [a['project-budget-id']], attr('project-budget-id'));
    await assertIdsExist(tx, projectStarts, [a['project-start-id']], attr('project-start-id'));
    await assertIdsExist(tx, companies, companyIds.slice(0, 1), rel('company'));
    await assertIdsExist(tx, techs, techIds, rel('tech'));
    await assertIdsExist(tx, projectTypes, typeIds, rel('projectType'));
    await assertActiveUsersOfRole(tx, clientIds, 'client', rel('client'));
    await assertActiveUsersOfRole(tx, accountManagerIds.slice(0, 1), 'accountManager', rel('accountManager'));
    await assertActiveUsersOfRole(tx, managerIds, 'projectManager', rel('projectManager'));
    await assertActiveUsersOfRole(tx, developerIds, 'developer', rel('developer'));

    const [row] = await tx
      .insert(projects)
      .values({
        title: a.title,
        description: a.description || null,
        ownerId: clientIds[0] ?? null,
        companyId: companyIds[0] ?? null,
        projectStateId: a['project-state-id'],
        projectSizeId: a['project-size-id'],
        projectBudgetId: a['project-budget-id'],
        projectStartId: a['project-start-id'],
        accountManagerId: accountManagerIds[0] ?? (await defaultAccountManagerId(tx)),
      })
      .returning({ id: projects.id });
    const projectId = row!.id;
    const members = [
      ...clientIds.map((userId) => ({ projectId, userId, kind: 'client' })),
      ...managerIds.map((userId) => ({ projectId, userId, kind: 'projectManager' })),
      ...developerIds.map((userId) => ({ projectId, userId, kind: 'developer' })),
    ];
    if (members.length > 0) await tx.insert(projectMembers).values(members);
    if (techIds.length > 0)
      await tx.insert(projectTechs).values(techIds.map((techId) => ({ projectId, techId })));
    if (typeIds.length > 0)
      await tx
        .insert(projectProjectTypes)
        .values(typeIds.map((projectTypeId) => ({ projectId, projectTypeId })));
    return { id: projectId };
  });
}
