import { TASK_STATUS } from '@dd/domain';
import { and, asc, desc, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import {
  digestsSent,
  projectMembers,
  projects,
  projectUpdates,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { oneRow } from '../../lib/one-row.ts';
import { projectReplyTo } from '../inbound-mail/reply-token.ts';
import type { JobContext } from '../reminders/call-reminders.ts';
import { localMoment, zoneOf } from '../reminders/local-time.ts';
import { digestMail } from './digest-mail.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** The job's context, with what a digest's Reply-To needs (modules/inbound-mail). */
type DigestContext = Omit<JobContext, 'config'> & {
  secret: string;
  config: JobContext['config'] & Parameters<typeof projectReplyTo>[0];
};

/** The digest's local hour (docs/product.md §F2: 08:00 in the client's timezone). */
export const DIGEST_HOUR = 8;
/** A client's first digest covers at most the day before it. */
const FIRST_DIGEST_SPAN_MS = 24 * 60 * 60 * 1000;

export const unsubscribeUrl = (publicUrl: string, secret: string, userId: number, version: number) =>
  `${publicUrl}/api/digest/unsubscribe?token=${unsubscribeToken(secret, userId, version)}`;

/**
 * Sends the digests due at `now`: every active client with the digest on, in the 08:00 hour of their
 * own timezone, once per local date (digests_sent, claimed in the transaction that queues the mail).
 * The digest lists the updates on projects the client owns or is a client member of, posted after the
 * previous digest's `covered_until` (the day before, for a first digest) and up to now; with none, the
 * day is claimed and no mail goes out. A line names the delivered tasks waiting for their review.
 */
export async function sendDueDigests(ctx: DigestContext, now: Date): Promise<number> {
  const digestOn = and(eq(users.role, 'client'), eq(users.isActive, true), eq(users.digestEnabled, true));
  // The tick runs every minute in every process: ask which of the few stored timezones is in its 08:00
  // hour now (each converted once), then read only the clients of those zones, instead of every client
  // with a conversion each (96,000 rows and conversions a minute in the bench's data set).
  const stored = await ctx.db.selectDistinct({ timezone: users.timezone }).from(users).where(digestOn);
  const moments = new Map<string, ReturnType<typeof localMoment>>();
  const momentIn = (zone: string) => {
    let local = moments.get(zone);
    if (!local) {
      local = localMoment(now, zone, DIGEST_HOUR);
      moments.set(zone, local);
    }
    return local;
  };
  // The due zones by their local date (zones 24 h apart can both be at 08:00, on different dates).
  const dueByDate = new Map<string, { names: string[]; withoutZone: boolean }>();
  for (const { timezone } of stored) {
    const local = momentIn(zoneOf(timezone));
    if (!local.inHour) continue;
    let due = dueByDate.get(local.date);
    if (!due) {
      due = { names: [], withoutZone: false };
      dueByDate.set(local.date, due);
    }
    if (timezone === null) due.withoutZone = true;
    else due.names.push(timezone);
  }
  if (dueByDate.size === 0) return 0;
  // Clients already served this local date are left out here (the claim below would refuse them anyway),
  // so the rest of the due hour's ticks cost one indexed read instead of a transaction per client.
  const dueAndUnclaimed = or(
    ...[...dueByDate].map(([date, due]) =>
      and(
        or(
          due.names.length > 0 ? inArray(users.timezone, due.names) : undefined,
          due.withoutZone ? isNull(users.timezone) : undefined,
        ),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(digestsSent)
            .where(and(eq(digestsSent.userId, users.id), eq(digestsSent.localDate, date))),
        ),
      ),
    ),
  );
  const clients = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      timezone: users.timezone,
      tokenVersion: users.digestTokenVersion,
    })
    .from(users)
    .where(and(digestOn, dueAndUnclaimed));
  let sent = 0;
  for (const client of clients) {
    const zone = zoneOf(client.timezone);
    const local = momentIn(zone);
    if (!local.inHour) continue;
    sent += await oneRow(ctx.log, 'client digest', { userId: client.id }, () =>
      ctx.db.transaction(async (tx) => {
        const claimed = await tx
          .insert(digestsSent)
          .values({
            userId: client.id,
            localDate: local.date,
            coveredUntil: now,
            updateCount: 0,
            sentAt: now,
          })
          .onConflictDoNothing()
          .returning({ userId: digestsSent.userId });
        if (claimed.length === 0) return 0;
        const [previous] = await tx
          .select({ until: digestsSent.coveredUntil })
          .from(digestsSent)
          .where(and(eq(digestsSent.userId, client.id), lte(digestsSent.coveredUntil, now)))
          .orderBy(desc(digestsSent.coveredUntil))
          .offset(1)
          .limit(1);
        const since = previous?.until ?? new Date(now.getTime() - FIRST_DIGEST_SPAN_MS);
        const theirs = tx
          .select({ id: projectMembers.projectId })
          .from(projectMembers)
          .where(and(eq(projectMembers.userId, client.id), eq(projectMembers.kind, 'client')));
        const updates = await tx
          .select({
            projectId: projects.id,
            projectTitle: projects.title,
            reporterName: users.name,
            markdown: projectUpdates.description,
            createdAt: projectUpdates.createdAt,
          })
          .from(projectUpdates)
          .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
          .leftJoin(users, eq(users.id, projectUpdates.reporterUserId))
          .where(
            and(
              or(eq(projects.ownerId, client.id), inArray(projects.id, theirs)),
              gt(projectUpdates.createdAt, since),
              lte(projectUpdates.createdAt, now),
            ),
          )
          .orderBy(
            asc(projects.title),
            asc(projects.id),
            asc(projectUpdates.createdAt),
            asc(projectUpdates.id),
          );
        // Delivered tasks waiting for this client's decision (docs/adr/0021), per project.
        const waiting = await tx
          .select({ projectId: projects.id, projectTitle: projects.title, count: sql<number>`count(*)::int` })
          .from(tasks)
          .innerJoin(projects, eq(projects.id, tasks.projectId))
          .where(
            and(
              or(eq(projects.ownerId, client.id), inArray(projects.id, theirs)),
              eq(tasks.taskStatusId, TASK_STATUS.delivered),
            ),
          )
          .groupBy(projects.id, projects.title)
          .orderBy(asc(projects.title), asc(projects.id));
        if (updates.length === 0 && waiting.length === 0) return 0;
        await tx
          .update(digestsSent)
          .set({ updateCount: updates.length })
          .where(and(eq(digestsSent.userId, client.id), eq(digestsSent.localDate, local.date)));
        const mail = digestMail({
          productName: ctx.config.productName,
          recipientName: client.name,
          timezone: zone,
          publicUrl: ctx.config.publicUrl,
          updates,
          waiting,
          unsubscribeUrl: unsubscribeUrl(ctx.config.publicUrl, ctx.secret, client.id, client.tokenVersion),
        });
        // A digest of one project is answered in that project's chat; one of several has no one place.
        const about = new Set([...updates.map((u) => u.projectId), ...waiting.map((w) => w.projectId)]);
        const replyTo =
          about.size === 1 ? projectReplyTo(ctx.config, ctx.secret, client.id, [...about][0]!) : undefined;
        await ctx.mailer.send({ to: client.email, ...mail, ...(replyTo ? { replyTo } : {}) }, { tx });
        return 1;
      }),
    );
  }
  return sent;
}
