import { eq, inArray, or } from 'drizzle-orm';
import { projectMembers, projects, users } from '../../db/schema/index.ts';
import { presentableUserColumns, type UserRow } from '../users/user-presenter.ts';
import type { DbOrTx } from './tx.ts';

/**
 * The people of a project: its owner, its account manager and everyone on its member list (clients,
 * developers, project managers, observers). Owner and requester of a task are chosen among them.
 */
export async function projectUserIds(db: DbOrTx, projectId: number): Promise<number[]> {
  const [project] = await db
    .select({ ownerId: projects.ownerId, accountManagerId: projects.accountManagerId })
    .from(projects)
    .where(eq(projects.id, projectId));
  const members = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  const ids = new Set<number>(members.map((m) => m.userId));
  if (project?.ownerId) ids.add(project.ownerId);
  if (project?.accountManagerId) ids.add(project.accountManagerId);
  return [...ids].sort((a, b) => a - b);
}

export async function projectUsers(db: DbOrTx, projectId: number): Promise<UserRow[]> {
  const ids = await projectUserIds(db, projectId);
  if (ids.length === 0) return [];
  return db
    .select(presentableUserColumns)
    .from(users)
    .where(or(inArray(users.id, ids)))
    .orderBy(users.name, users.id);
}
