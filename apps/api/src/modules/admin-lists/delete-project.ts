import type { ProjectRef } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { publishEvent } from '../events/publish-event.ts';

/** Owner and clients of a project, what `can(actor, 'project:delete', ...)` decides on; 404 if missing. */
export async function loadProjectRef(db: Db, id: number): Promise<ProjectRef> {
  const [project] = await db.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, id));
  if (!project) throw notFound('Project');
  const clients = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, id), eq(projectMembers.kind, 'client')));
  return { ownerId: project.ownerId, clientIds: clients.map((c) => c.userId) };
}

/** Members, files, updates, links, calls and the board go with the project (foreign keys cascade). */
export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Announced first, while the project's audience can still be read; sent only if the delete commits.
    await publishEvent(tx, { kind: 'project', id, projectId: id });
    await tx.delete(projects).where(eq(projects.id, id));
  });
}
