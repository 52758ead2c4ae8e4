import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tags } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordEvent } from './history.ts';
import type { DbOrTx } from './tx.ts';

export type TagRow = typeof tags.$inferSelect;
export const TAG_TAKEN = 'This tag already exists';

export async function loadTag(db: DbOrTx, id: number): Promise<TagRow> {
  const [tag] = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
  if (!tag) throw notFound('Tag');
  return tag;
}

/** GET /tag/search: a project's tags by title (docs/product.md §A7: filter by project.id). */
export function listTags(db: DbOrTx, projectId: number): Promise<TagRow[]> {
  return db.select().from(tags).where(eq(tags.projectId, projectId)).orderBy(asc(tags.title), asc(tags.id));
}

async function assertFree(db: DbOrTx, projectId: number, title: string, exceptId?: number) {
  const [same] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.projectId, projectId),
        sql`lower(${tags.title}) = lower(${title})`,
        exceptId ? ne(tags.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (same) throw new AppError('unprocessable', { title: TAG_TAKEN, pointer: '/data/attributes/title' });
}

type Who = { actorId: number; now: Date };

export async function createTag(db: Db, projectId: number, title: string, who: Who) {
  return db.transaction(async (tx) => {
    await assertFree(tx, projectId, title);
    const [tag] = await tx.insert(tags).values({ projectId, title, createdAt: who.now }).returning();
    await recordEvent(tx, {
      projectId,
      actorId: who.actorId,
      entity: 'tag',
      entityId: tag!.id,
      action: 'created',
      details: { title },
      at: who.now,
    });
    return tag!;
  });
}

export async function renameTag(db: Db, tag: TagRow, title: string, who: Who) {
  return db.transaction(async (tx) => {
    await assertFree(tx, tag.projectId, title, tag.id);
    const [renamed] = await tx.update(tags).set({ title }).where(eq(tags.id, tag.id)).returning();
    await recordEvent(tx, {
      projectId: tag.projectId,
      actorId: who.actorId,
      entity: 'tag',
      entityId: tag.id,
      action: 'renamed',
      details: { from: tag.title, to: title },
      at: who.now,
    });
    return renamed!;
  });
}

/** Deleting a tag removes it from its tasks (task_tags cascade); the tasks themselves stay as they were. */
export async function deleteTag(db: Db, tag: TagRow, who: Who) {
  await db.transaction(async (tx) => {
    await tx.delete(tags).where(eq(tags.id, tag.id));
    await recordEvent(tx, {
      projectId: tag.projectId,
      actorId: who.actorId,
      entity: 'tag',
      entityId: tag.id,
      action: 'deleted',
      details: { title: tag.title },
      at: who.now,
    });
  });
}
