import { randomUUID } from 'node:crypto';
import {
  bookingRefusal,
  CALL_REFUSALS,
  COMPANY_TIMEZONE,
  callRefusalTitle,
  isPhonePrefixBlacklisted,
  isValidTimezone,
  MESSAGES,
  PHONE_PREFIX_BLACKLIST_SETTING,
  parsePhonePrefixes,
  parseScheduled,
  SERVER_ERRORS,
  SLOT_MINUTES,
} from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledCalls, settings, users } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { publishEvent } from '../events/publish-event.ts';
import { callBookedMail } from '../mail/call-booked-mail.ts';
import { callInvitePeople, callReplyTo, callUid, loadCallParties } from '../mail/call-changed-mail.ts';
import { callRequestedMail } from '../mail/call-requested-mail.ts';
import { notifyCall } from '../notifications/call-notifications.ts';
import { slotRulesOf } from './booking-settings.ts';
import { takeBookingTurn } from './booking-turn.ts';
import { buildCallInvite } from './call-invite.ts';
import { loadCalendarWith } from './work-hours.ts';

type CallRow = typeof scheduledCalls.$inferSelect;

export type BookCallInput = {
  projectId: number;
  userId: number;
  scheduled: string;
  timezone: string | undefined;
  now: Date;
};

const unprocessable = (title: string, field = 'scheduled') =>
  new AppError('unprocessable', { title, pointer: attr(field) });

/** The slot was taken first (docs/product.md §C8): the database refused a second live call at that instant. */
export const slotTaken = () => new AppError('forbidden', { title: MESSAGES.slotTaken });
/**
 * A second open discovery call on a project (docs/product.md §C9): the first must be moved or cancelled.
 * 409, as the request conflicts with the project's state, not with the caller's rights.
 */
export const OPEN_CALL_EXISTS = 'This project already has an open discovery call. Move or cancel it instead';
export const openCallExists = () => new AppError('conflict', { title: OPEN_CALL_EXISTS });
/** A blacklisted caller's call is kept for staff approval; the answer is the product's 403 (docs/product.md §C8). */
export const phoneBlacklisted = () =>
  new AppError('phone_blacklisted', { title: SERVER_ERRORS.phoneBlacklisted });

export function isSlotUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (
      err.code === '23505' &&
      (err.constraint === 'scheduled_calls_slot_uq' || err.message?.includes('scheduled_calls_slot_uq'))
    )
      return true;
  }
  return false;
}

/**
 * POST /scheduled-call/create (docs/product.md §C7, §C9). The time must be a slot of the work hours between
 * now + 2 h and now + 4 weeks. Whether it is still free is decided by the database alone: the unique
 * index on the start of every live call means two simultaneous requests cannot both insert, from any
 * number of connections or app processes; the loser gets the product's 403. A blacklisted phone still holds the slot, as a
 * call pending staff approval, and answers 403 'User phone is blacklisted'.
 */
export async function bookCall(
  db: Db,
  input: BookCallInput,
): Promise<{ call: CallRow; blacklisted: boolean }> {
  // One round trip for everything the decision reads: the caller's phone and zone, the work hours, the
  // days off and the blacklisted prefixes (was four queries).
  const { workHours, daysOff, booking, extra } = await loadCalendarWith(db, {
    user: sql`(select json_build_object('phone', u.phone, 'timezone', u.timezone) from ${users} u where u.id = ${input.userId})`,
    prefixes: sql`(select s.value from ${settings} s where s.name = ${PHONE_PREFIX_BLACKLIST_SETTING})`,
  });
  const user = extra.user as { phone: string | null; timezone: string | null } | null;
  if (!user) throw notFound('User');
  const stored = user.timezone && isValidTimezone(user.timezone) ? user.timezone : COMPANY_TIMEZONE;
  const timezone = input.timezone ?? stored;
  const instant = parseScheduled(input.scheduled, timezone);
  if (!instant) throw unprocessable(CALL_REFUSALS.invalidScheduled);
  const prefixes = parsePhonePrefixes(extra.prefixes as string | null);
  const refusal = bookingRefusal(instant, { now: input.now, workHours, daysOff, ...slotRulesOf(booking) });
  // Booked slots are checked in the booking's turn below, so none are passed: 'booked' and 'too-close'
  // cannot come here.
  if (refusal === 'booked' || refusal === 'too-close') throw slotTaken();
  if (refusal) throw unprocessable(callRefusalTitle(refusal, booking.rules));
  const blacklisted = isPhonePrefixBlacklisted(user.phone, prefixes);
  try {
    const call = await db.transaction(async (tx) => {
      // One open call per project and the buffer around live calls (docs/product.md §C9), decided in turn.
      const turn = await takeBookingTurn(tx, {
        projectId: input.projectId,
        instant,
        bufferMinutes: booking.rules.bufferMinutes,
        now: input.now,
      });
      if (turn === 'open-call') throw openCallExists();
      // A neighbour booked a moment ago: to the client the slot is taken, as with the same instant.
      if (turn === 'too-close' || turn === 'taken') throw slotTaken();
      const [row] = await tx
        .insert(scheduledCalls)
        .values({
          projectId: input.projectId,
          userId: input.userId,
          scheduledAt: instant,
          timezone,
          status: blacklisted ? 'pending_approval' : 'booked',
          createdAt: input.now,
          icsUid: `scheduled-call-${randomUUID()}`,
        })
        .returning();
      await publishEvent(tx, { kind: 'call', id: row!.id, projectId: input.projectId });
      await notifyCall(tx, {
        call: row!,
        happening: blacklisted ? 'awaiting-approval' : 'booked',
        actorId: input.userId,
        at: input.now,
      });
      return row!;
    });
    return { call, blacklisted };
  } catch (error) {
    if (isSlotUniqueViolation(error)) throw slotTaken();
    throw error;
  }
}

export type CallMailContext = { productName: string; publicUrl: string; mailFrom: string; now: Date };

/**
 * The call-booked mails (docs/product.md §C9): one to the client and one to the project's account manager, each with
 * the same .ics invite (UTC times, a UID unique to this call) and the time written in their own zone.
 */
export async function callBookedMessages(
  db: Db,
  call: CallRow,
  context: CallMailContext,
): Promise<MailMessage[]> {
  const parties = await loadCallParties(db, call);
  if (!parties) return [];
  const project = { title: parties.title };
  const clientPerson = parties.client;
  const managerPerson = parties.manager;
  const link = `${context.publicUrl}/project/daily-updates/${call.projectId}`;
  const invite = {
    uid: callUid(call, context.publicUrl),
    sequence: call.icsSequence,
    start: call.scheduledAt,
    minutes: SLOT_MINUTES,
    stamp: context.now,
    summary: `Discovery call: ${project.title}`,
    description: `Discovery call about "${project.title}" with ${clientPerson.name} (client timezone ${call.timezone}). ${link}`,
    url: link,
    ...callInvitePeople(parties, context),
  };
  // The client is asked (REQUEST); the manager organizes the call, so theirs is the organizer's own copy
  // (PUBLISH): nobody sends an organizer a request for their own call.
  const calendarFor = (forClient: boolean) => {
    const method = forClient || !managerPerson ? ('REQUEST' as const) : ('PUBLISH' as const);
    return { method, filename: 'discovery-call.ics', content: buildCallInvite({ ...invite, method }) };
  };
  const recipients = [
    { ...clientPerson, timezone: call.timezone, forClient: true },
    ...(managerPerson
      ? [
          {
            ...managerPerson,
            timezone:
              managerPerson.timezone && isValidTimezone(managerPerson.timezone)
                ? managerPerson.timezone
                : COMPANY_TIMEZONE,
            forClient: false,
          },
        ]
      : []),
  ];
  return recipients.map((r) => ({
    to: r.email,
    ...callBookedMail({
      productName: context.productName,
      recipientName: r.name,
      recipientTimezone: r.timezone,
      clientName: clientPerson.name,
      clientTimezone: call.timezone,
      projectTitle: project.title,
      start: call.scheduledAt,
      minutes: SLOT_MINUTES,
      link,
      forClient: r.forClient,
    }),
    calendar: calendarFor(r.forClient),
    ...(r.forClient ? callReplyTo(managerPerson) : {}),
  }));
}

/** The mail to a client whose call waits for approval: a request, awaiting confirmation (no invite). */
export async function callRequestedMessage(
  db: Db,
  call: CallRow,
  context: Pick<CallMailContext, 'productName' | 'publicUrl'>,
): Promise<MailMessage | null> {
  const parties = await loadCallParties(db, call);
  if (!parties) return null;
  return {
    to: parties.client.email,
    ...callRequestedMail({
      productName: context.productName,
      recipientName: parties.client.name,
      timezone: isValidTimezone(call.timezone) ? call.timezone : COMPANY_TIMEZONE,
      projectTitle: parties.title,
      start: call.scheduledAt,
      link: `${context.publicUrl}/project/daily-updates/${call.projectId}`,
    }),
    // It asks the client for their rate and budget: the answer goes to the account manager.
    ...callReplyTo(parties.manager),
  };
}
