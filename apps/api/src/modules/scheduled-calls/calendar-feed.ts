import {
  type Actor,
  COMPANY_TIMEZONE,
  callFeedScope,
  isRole,
  isValidTimezone,
  SLOT_MINUTES,
} from '@dd/domain';
import { and, asc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { calendarFeeds, projectMembers, projects, scheduledCalls, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { callOrganizer, callUid } from '../mail/call-changed-mail.ts';
import { buildCalendarFeed, type CallInvite } from './call-invite.ts';

/** How far back a feed reaches: calendars keep what they already have; the feed stays small. */
const FEED_PAST_DAYS = 90;
/** The feed's token: 256 random bits, URL-safe; only its SHA-256 is stored, so it is shown once. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

/** Whether the user has a feed, and since when (the URL itself is not kept and cannot be shown again). */
export async function feedState(db: Db, userId: number): Promise<{ createdAt: Date } | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Makes a new feed token for the user, replacing (and so killing) the previous one. Returns the token. */
export async function resetFeed(db: Db, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(token), createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashToken(token), createdAt: now },
    });
  return token;
}

/** Turns the feed off: the URL stops working. */
export async function deleteFeed(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

type FeedOwner = { actor: NonNullable<Actor>; timezone: string | null };

/** The active user a feed token belongs to, or null (malformed or unknown token, deactivated user). */
async function feedOwner(db: Db, token: string): Promise<FeedOwner | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ id: users.id, role: users.role, isActive: users.isActive, timezone: users.timezone })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)))
    .limit(1);
  if (!row?.isActive || !isRole(row.role)) return null;
  return { actor: { id: row.id, role: row.role }, timezone: row.timezone };
}

/**
 * GET /api/calendar/{token}.ics (docs/product.md §F1): the owner's calls from 90 days ago on, cancelled ones as
 * STATUS:CANCELLED so subscribed calendars drop them. Admin-level users get every call; an account manager
 * the calls of projects they manage or are a member of; other staff those of projects they are a member
 * of. Times are UTC; the calendar names the owner's timezone in X-WR-TIMEZONE. Null for an unknown token.
 */
export async function calendarFeedFor(
  db: Db,
  token: string,
  context: { productName: string; publicUrl: string; mailFrom: string; now: Date },
): Promise<string | null> {
  const owner = await feedOwner(db, token);
  if (!owner) return null;
  const scope = callFeedScope(owner.actor);
  if (scope.kind === 'none') return null;
  const since = new Date(context.now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const where: SQL[] = [gte(scheduledCalls.scheduledAt, since)];
  if (scope.kind === 'assigned') {
    const memberOf = db
      .select({ id: projectMembers.projectId })
      .from(projectMembers)
      .where(eq(projectMembers.userId, scope.userId));
    where.push(
      or(eq(projects.accountManagerId, scope.userId), inArray(scheduledCalls.projectId, memberOf)) ??
        sql`false`,
    );
  }
  const manager = alias(users, 'manager');
  const rows = await db
    .select({
      call: scheduledCalls,
      projectTitle: projects.title,
      clientName: users.name,
      managerName: manager.name,
      managerEmail: manager.email,
    })
    .from(scheduledCalls)
    .innerJoin(projects, eq(projects.id, scheduledCalls.projectId))
    .innerJoin(users, eq(users.id, scheduledCalls.userId))
    .leftJoin(manager, eq(manager.id, projects.accountManagerId))
    .where(and(...where))
    .orderBy(asc(scheduledCalls.scheduledAt), asc(scheduledCalls.id))
    .limit(2000);
  const events: CallInvite[] = rows.map(({ call, projectTitle, clientName, managerName, managerEmail }) => {
    const link = `${context.publicUrl}/project/daily-updates/${call.projectId}`;
    return {
      uid: callUid(call, context.publicUrl),
      start: call.scheduledAt,
      minutes: SLOT_MINUTES,
      stamp: context.now,
      summary: `Discovery call: ${projectTitle}${call.status === 'pending_approval' ? ' (waiting for approval)' : ''}`,
      description: `Discovery call about "${projectTitle}" with ${clientName} (client timezone ${call.timezone}). ${link}`,
      url: link,
      // The same organizer as the call's mails (the account manager, else the product's sender).
      organizer: callOrganizer(
        managerName !== null && managerEmail !== null
          ? { name: managerName, email: managerEmail }
          : undefined,
        context,
      ),
      attendees: [],
      method: 'REQUEST',
      sequence: call.icsSequence,
      status:
        call.status === 'cancelled'
          ? 'CANCELLED'
          : call.status === 'pending_approval'
            ? 'TENTATIVE'
            : 'CONFIRMED',
    };
  });
  const timezone = owner.timezone && isValidTimezone(owner.timezone) ? owner.timezone : COMPANY_TIMEZONE;
  return buildCalendarFeed({ name: `${context.productName} calls`, timezone, events });
}
