import type { ProjectRef } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';

export type LoadedProjectRef = ProjectRef & { id: number; ownerId: number | null; clientIds: number[] };

/** What `can()` needs about a project: its owner and client users. 404 when it does not exist. */
export async function loadProjectRef(db: Db, id: number): Promise<LoadedProjectRef> {
  const [project] = await db
    .select({ id: projects.id, ownerId: projects.ownerId })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  if (!project) throw notFound('Project');
  const clients = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, id), eq(projectMembers.kind, 'client')));
  return { id: project.id, ownerId: project.ownerId, clientIds: clients.map((c) => c.userId) };
}
