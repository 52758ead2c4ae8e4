import type { ReminderSettingCreateInput } from '@dd/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, reminderSettings } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';

export type ReminderSettingRow = typeof reminderSettings.$inferSelect;

/** Every field a reminder setting carries (docs/product.md §C3: id, project-id, user-id, is-enabled). */
export function presentReminderSetting(row: ReminderSettingRow): Resource {
  return {
    type: 'reminder-setting',
    id: String(row.id),
    attributes: { 'project-id': row.projectId, 'user-id': row.userId, 'is-enabled': row.isEnabled },
  };
}

/** Settings of one project, or of every project when projectId is null; never paged (docs/product.md §C9). */
export async function searchReminderSettings(db: Db, projectId: number | null, newestFirst: boolean) {
  const query = db.select().from(reminderSettings);
  const order = newestFirst ? desc(reminderSettings.id) : asc(reminderSettings.id);
  return projectId === null
    ? query.orderBy(order)
    : query.where(eq(reminderSettings.projectId, projectId)).orderBy(order);
}

export async function loadReminderSetting(db: Db, id: number): Promise<ReminderSettingRow> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.id, id)).limit(1);
  if (!row) throw notFound('Reminder setting');
  return row;
}

/**
 * The first toggle of a member creates their setting (docs/product.md §C4). Reminders belong to the people
 * who work on the project, so the user must be one of its developers or project managers; one setting
 * per user and project (a second create is a conflict, the client then flips the existing one).
 */
export async function createReminderSetting(db: Db, input: ReminderSettingCreateInput) {
  const member = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, input.project_id),
        eq(projectMembers.userId, input.user_id),
        inArray(projectMembers.kind, ['developer', 'projectManager']),
      ),
    )
    .limit(1);
  if (member.length === 0)
    throw new AppError('unprocessable', {
      title: "The user is not on this project's team",
      pointer: attr('user_id'),
    });
  const [row] = await db
    .insert(reminderSettings)
    .values({ projectId: input.project_id, userId: input.user_id, isEnabled: input.is_enabled })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new AppError('conflict', {
      title: 'A reminder setting for this user and project already exists',
      pointer: attr('user_id'),
    });
  return row;
}

export async function updateReminderSetting(db: Db, id: number, isEnabled: 0 | 1) {
  const [row] = await db
    .update(reminderSettings)
    .set({ isEnabled })
    .where(eq(reminderSettings.id, id))
    .returning();
  if (!row) throw notFound('Reminder setting');
  return row;
}
