import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  projectMembers,
  projects,
  projectUpdates,
  reminderSettings,
  teamRemindersSent,
  users,
} from '../../db/schema/index.ts';
import { oneRow } from '../../lib/one-row.ts';
import { teamReminderMail } from '../mail/reminder-mails.ts';
import type { JobContext } from './call-reminders.ts';
import { localMoment, zoneOf } from './local-time.ts';

/** The team reminder's local hour (docs/product.md §F2: 16:00 in the member's own timezone, Monday to Friday). */
export const TEAM_REMINDER_HOUR = 16;

/**
 * Sends the team reminders due at `now`: each developer or project manager whose reminder toggle is on
 * for a project (reminder_settings, read now: turning it off stops the next one) and who is still on
 * that project's team gets one on a workday in the 16:00 hour of their own timezone, when nobody posted
 * an update on the project since that local day began. Claimed per (user, project, local date) in
 * team_reminders_sent together with queueing the mail, so it is sent once however many processes tick.
 */
export async function sendDueTeamReminders(ctx: JobContext, now: Date): Promise<number> {
  const rows = await ctx.db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      timezone: users.timezone,
      projectId: projects.id,
      projectTitle: projects.title,
    })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .innerJoin(projects, eq(projects.id, reminderSettings.projectId))
    .where(
      and(
        eq(reminderSettings.isEnabled, 1),
        eq(users.isActive, true),
        inArray(users.role, ['developer', 'projectManager']),
      ),
    );
  let sent = 0;
  for (const row of rows) {
    const local = localMoment(now, zoneOf(row.timezone), TEAM_REMINDER_HOUR);
    if (!local.inHour || local.weekday > 5) continue;
    sent += await oneRow(ctx.log, 'team reminder', { userId: row.userId, projectId: row.projectId }, () =>
      ctx.db.transaction(async (tx) => {
        const [member] = await tx
          .select({ userId: projectMembers.userId })
          .from(projectMembers)
          .where(
            and(
              eq(projectMembers.projectId, row.projectId),
              eq(projectMembers.userId, row.userId),
              inArray(projectMembers.kind, ['developer', 'projectManager']),
            ),
          )
          .limit(1);
        if (!member) return 0;
        const [update] = await tx
          .select({ id: projectUpdates.id })
          .from(projectUpdates)
          .where(
            and(
              eq(projectUpdates.projectId, row.projectId),
              gte(projectUpdates.createdAt, local.startOfDay),
              lte(projectUpdates.createdAt, now),
            ),
          )
          .limit(1);
        if (update) return 0;
        const claimed = await tx
          .insert(teamRemindersSent)
          .values({ userId: row.userId, projectId: row.projectId, localDate: local.date, sentAt: now })
          .onConflictDoNothing()
          .returning({ userId: teamRemindersSent.userId });
        if (claimed.length === 0) return 0;
        const mail = teamReminderMail({
          productName: ctx.config.productName,
          recipientName: row.name,
          projectTitle: row.projectTitle,
          link: `${ctx.config.publicUrl}/project/daily-updates/${row.projectId}`,
        });
        await ctx.mailer.send({ to: row.email, ...mail }, { tx });
        return 1;
      }),
    );
  }
  return sent;
}
