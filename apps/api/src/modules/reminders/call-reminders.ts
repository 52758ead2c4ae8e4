import { SLOT_MINUTES } from '@dd/domain';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { callRemindersSent, projects, scheduledCalls, users } from '../../db/schema/index.ts';
import { oneRow, type RowLog } from '../../lib/one-row.ts';
import type { Mailer } from '../../plugins/app/mailer.ts';
import { projectReplyTo } from '../inbound-mail/reply-token.ts';
import { callReminderMail } from '../mail/reminder-mails.ts';
import { zoneOf } from './local-time.ts';

export type JobContext = {
  db: Db;
  mailer: Mailer;
  config: Pick<
    Config,
    'productName' | 'publicUrl' | 'inboundMailDomain' | 'inboundSmtpPort' | 'inboundMailSecret'
  >;
  /** The server secret that signs reply addresses (plugins/app/schedules.ts). */
  secret: string;
  /** Where a row that failed is reported before the job goes on with the next (lib/one-row.ts). */
  log?: RowLog;
};

const HOUR = 60 * 60 * 1000;

/**
 * When each reminder is due: from its instant (24 h or 1 h before the start) for one hour, so a tick
 * missed while no process ran is caught up, but a 24-hour reminder is never sent hours late. A call
 * booked (or moved) less than 24 hours ahead gets only the 1-hour reminder unless it falls in that hour.
 */
export const REMINDERS = [
  { kind: '24h', before: 24 * HOUR },
  { kind: '1h', before: HOUR },
] as const;

/**
 * Sends the call reminders due at `now` (docs/product.md §F2) to the client who booked and the project's account
 * manager. The call's state and time are read now, not when it was booked: a cancelled (or declined)
 * call is skipped, a moved call is reminded for its new start only (the sent-log is keyed by the start).
 * Each reminder is claimed in call_reminders_sent and its mails queued in the same transaction, so with
 * several processes ticking at once each goes out once.
 */
export async function sendDueCallReminders(ctx: JobContext, now: Date): Promise<number> {
  let sent = 0;
  for (const { kind, before } of REMINDERS) {
    // start - before <= now < start - before + 1 h, i.e. start in (now + before - 1 h, now + before].
    const due = await ctx.db
      .select({
        id: scheduledCalls.id,
        projectId: scheduledCalls.projectId,
        userId: scheduledCalls.userId,
        start: scheduledCalls.scheduledAt,
        clientTimezone: scheduledCalls.timezone,
      })
      .from(scheduledCalls)
      .where(
        and(
          eq(scheduledCalls.status, 'booked'),
          lte(scheduledCalls.scheduledAt, new Date(now.getTime() + before)),
          gt(scheduledCalls.scheduledAt, new Date(now.getTime() + before - HOUR)),
          gt(scheduledCalls.scheduledAt, now),
        ),
      );
    for (const call of due) {
      sent += await oneRow(ctx.log, 'call reminder', { callId: call.id, kind }, () =>
        remindOfCall(ctx, call, kind),
      );
    }
  }
  return sent;
}

async function remindOfCall(
  ctx: JobContext,
  call: { id: number; projectId: number; userId: number; start: Date; clientTimezone: string },
  kind: '24h' | '1h',
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    // Re-read under a row lock: the call may have been cancelled or moved since the list was read.
    const [live] = await tx
      .select({ status: scheduledCalls.status, start: scheduledCalls.scheduledAt })
      .from(scheduledCalls)
      .where(eq(scheduledCalls.id, call.id))
      .for('update');
    if (live?.status !== 'booked' || live.start.getTime() !== call.start.getTime()) return 0;
    const claimed = await tx
      .insert(callRemindersSent)
      .values({ callId: call.id, kind, startsAt: call.start })
      .onConflictDoNothing()
      .returning({ callId: callRemindersSent.callId });
    if (claimed.length === 0) return 0;
    const [project] = await tx
      .select({ title: projects.title, accountManagerId: projects.accountManagerId })
      .from(projects)
      .where(eq(projects.id, call.projectId));
    if (!project) return 0;
    const ids = [call.userId, ...(project.accountManagerId ? [project.accountManagerId] : [])];
    const people = await tx
      .select({ id: users.id, name: users.name, email: users.email, timezone: users.timezone })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.isActive, true)));
    const client = people.find((p) => p.id === call.userId);
    const manager = people.find((p) => p.id === project.accountManagerId && p.id !== call.userId);
    const link = `${ctx.config.publicUrl}/project/daily-updates/${call.projectId}`;
    let queued = 0;
    for (const person of people) {
      const forClient = person.id === call.userId;
      const mail = callReminderMail({
        productName: ctx.config.productName,
        recipientName: person.name,
        recipientTimezone: forClient ? call.clientTimezone : zoneOf(person.timezone),
        projectTitle: project.title,
        clientName: client?.name ?? 'The client',
        start: call.start,
        minutes: SLOT_MINUTES,
        link,
        kind,
        forClient,
      });
      // A reply lands in the project's chat when replies can come back (§D10); else the client's
      // "Reply to this e-mail and we will move the call" reaches the account manager.
      const replyTo =
        projectReplyTo(ctx.config, ctx.secret, person.id, call.projectId) ??
        (forClient && manager ? manager.email : undefined);
      await ctx.mailer.send({ to: person.email, ...mail, ...(replyTo ? { replyTo } : {}) }, { tx });
      queued++;
    }
    return queued;
  });
}
