import {
  type AdminCreateProjectInput,
  type AdminRelationships,
  DEFAULT_ACCOUNT_MANAGER_SETTING,
  relationshipIds,
} from '@dd/domain';
import { and, eq } from 'drizzle-orm';
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
  settings,
  techs,
  users,
} from '../../db/schema/index.ts';
import { attr } from '../../lib/app-error.ts';
import { assertActiveUsersOfRole, assertIdsExist, rel, type Tx } from './checks.ts';

export type CreateProjectRequest = {
  attributes: AdminCreateProjectInput;
  relationships?: AdminRelationships;
};

/** The default account manager setting, when it names an active account manager. */
async function defaultAccountManagerId(tx: Tx): Promise<number | null> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.name, DEFAULT_ACCOUNT_MANAGER_SETTING));
  const id = Number(row?.value);
  if (!Number.isInteger(id) || id <= 0) return null;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)));
  return user ? user.id : null;
}

/**
 * New Project (admin §2): the lookups, then people offered by role — clients (the first one owns the
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
