import type { LinkCreateBody } from '@dd/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { links, projectLinks } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { publishEvent } from '../events/publish-event.ts';

export async function createLink(db: Db, input: LinkCreateBody, createdById: number) {
  const [link] = await db
    .insert(links)
    .values({ title: input.title, url: input.url, createdById })
    .returning();
  return link!;
}

/**
 * POST /project/{id}/relationships/link: adds links to a project. Only links the caller created may be
 * attached, so one user cannot move another's links around.
 */
export async function attachLinks(db: Db, projectId: number, linkIds: number[], actorId: number) {
  const ids = [...new Set(linkIds)];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: links.id, createdById: links.createdById })
    .from(links)
    .where(inArray(links.id, ids));
  if (found.length !== ids.length || found.some((l) => l.createdById !== actorId))
    throw new AppError('unprocessable', { title: 'Unknown link', pointer: '/data' });
  await db.transaction(async (tx) => {
    await tx
      .insert(projectLinks)
      .values(ids.map((linkId) => ({ projectId, linkId })))
      .onConflictDoNothing();
    for (const linkId of ids) await publishEvent(tx, { kind: 'link', id: linkId, projectId });
  });
}

export async function detachLink(db: Db, projectId: number, linkId: number) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(projectLinks)
      .where(and(eq(projectLinks.projectId, projectId), eq(projectLinks.linkId, linkId)))
      .returning({ linkId: projectLinks.linkId });
    if (deleted.length === 0) throw notFound('Link');
    // A link belongs to one project in practice; drop it once nothing refers to it.
    const still = await tx.select().from(projectLinks).where(eq(projectLinks.linkId, linkId)).limit(1);
    if (still.length === 0) await tx.delete(links).where(eq(links.id, linkId));
    await publishEvent(tx, { kind: 'link', id: linkId, projectId });
  });
}
