import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tags, users } from '../../db/schema/index.ts';
import { Included } from '../../lib/jsonapi/document.ts';
import { presentableUserColumns, presentUser } from '../users/user-presenter.ts';
import { presentTag } from './tag-presenter.ts';
import type { TaskWithTags } from './task-queries.ts';

/** What a task answer may include (`include=owner,requester,tag`). */
export const TASK_INCLUDES = ['owner', 'requester', 'tag'] as const;

/** The related records a task list asked for (owner, requester, tag). */
export async function taskIncluded(db: Db, list: TaskWithTags[], include: string[]) {
  const included = new Included();
  const userIds = new Set<number>();
  for (const t of list) {
    if (include.includes('owner') && t.ownerId) userIds.add(t.ownerId);
    if (include.includes('requester') && t.requesterId) userIds.add(t.requesterId);
  }
  if (userIds.size > 0) {
    const rows = await db
      .select(presentableUserColumns)
      .from(users)
      .where(inArray(users.id, [...userIds]));
    included.addAll(rows.map((u) => presentUser(u)));
  }
  const tagIds = [...new Set(list.flatMap((t) => t.tagIds))];
  if (include.includes('tag') && tagIds.length > 0)
    included.addAll((await db.select().from(tags).where(inArray(tags.id, tagIds))).map(presentTag));
  return included;
}
