import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledCalls, users } from '../../db/schema/index.ts';
import { documentOf, Included } from '../../lib/jsonapi/document.ts';
import { presentUser } from '../users/user-presenter.ts';
import { presentScheduledCall } from './scheduled-call-presenter.ts';

/**
 * GET /scheduled-call/search?filter[project_id]=N (staff): every call booked on the project, soonest first,
 * pending approval and cancelled ones included, with the user who booked it.
 */
export async function projectCallsDocument(db: Db, projectId: number, options: { hideContacts: boolean }) {
  const calls = await db
    .select()
    .from(scheduledCalls)
    .where(eq(scheduledCalls.projectId, projectId))
    .orderBy(asc(scheduledCalls.scheduledAt), asc(scheduledCalls.id));
  const included = new Included();
  const userIds = [...new Set(calls.map((c) => c.userId))];
  if (userIds.length > 0) {
    const rows = await db.select().from(users).where(inArray(users.id, userIds));
    included.addAll(rows.map((u) => presentUser(u, { hideContacts: options.hideContacts })));
  }
  return documentOf(calls.map(presentScheduledCall), included, {
    'page-count': calls.length > 0 ? 1 : 0,
    total: calls.length,
  });
}
