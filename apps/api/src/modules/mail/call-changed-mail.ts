import { COMPANY_TIMEZONE, isValidTimezone, SLOT_MINUTES } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.ts';
import type { scheduledCalls } from '../../db/schema/index.ts';
import { projects, users } from '../../db/schema/index.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { buildCallInvite } from '../scheduled-calls/call-invite.ts';
import { callTimeIn } from './call-booked-mail.ts';
import { renderMail } from './layout.ts';
import { addressOf } from './sender.ts';

type CallRow = typeof scheduledCalls.$inferSelect;

/** What staff did to a call (docs/product.md §F1); each sends the client one calendar update. */
export type CallChange = 'approved' | 'declined' | 'cancelled' | 'moved';

export type CallChangeContext = { productName: string; publicUrl: string; mailFrom: string; now: Date };

/** The UID every .ics of a call carries: stored at booking, a stable fallback for calls booked before. */
export function callUid(call: Pick<CallRow, 'id' | 'icsUid'>, publicUrl: string): string {
  return `${call.icsUid ?? `scheduled-call-${call.id}`}@${new URL(publicUrl).hostname}`;
}

type Person = { name: string; email: string };

/**
 * Who a call's mails concern, in one query: the project's title, the client who booked it and the
 * project's account manager (with their zone), or null when the project or the client is gone.
 */
export async function loadCallParties(
  db: Db,
  call: Pick<CallRow, 'projectId' | 'userId'>,
): Promise<{ title: string; client: Person; manager?: Person & { timezone: string | null } } | null> {
  const client = alias(users, 'client');
  const manager = alias(users, 'manager');
  const [row] = await db
    .select({
      title: projects.title,
      clientName: client.name,
      clientEmail: client.email,
      managerName: manager.name,
      managerEmail: manager.email,
      managerTimezone: manager.timezone,
    })
    .from(projects)
    .leftJoin(client, eq(client.id, call.userId))
    .leftJoin(manager, eq(manager.id, projects.accountManagerId))
    .where(eq(projects.id, call.projectId))
    .limit(1);
  if (!row || row.clientName === null || row.clientEmail === null) return null;
  return {
    title: row.title,
    client: { name: row.clientName, email: row.clientEmail },
    ...(row.managerName !== null && row.managerEmail !== null
      ? { manager: { name: row.managerName, email: row.managerEmail, timezone: row.managerTimezone } }
      : {}),
  };
}

/**
 * A call's one organizer, the same in every .ics of it (booking, updates, the calendar feed): the
 * project's account manager, else the product's sender. The attendees are the client and the manager.
 */
export function callOrganizer(
  manager: Person | undefined,
  context: { productName: string; mailFrom: string },
) {
  return manager
    ? { name: manager.name, email: manager.email }
    : { name: context.productName, email: addressOf(context.mailFrom) };
}

/** A call's .ics organizer and attendees (the organizer, when also attending, has already accepted). */
export function callInvitePeople(
  parties: { client: Person; manager?: Person },
  context: { productName: string; mailFrom: string },
) {
  const { client, manager } = parties;
  return {
    organizer: callOrganizer(manager, context),
    attendees: [client, ...(manager ? [manager] : [])].map((p) => ({ name: p.name, email: p.email })),
  };
}

/**
 * Where the client's answer to a call mail goes: the account manager, who holds the call. Without one,
 * nothing of the mail's own: MAIL_REPLY_TO then (docs/product.md §D10).
 */
export const callReplyTo = (manager: Person | undefined) => (manager ? { replyTo: manager.email } : {});

const SUBJECTS: Record<CallChange, string> = {
  approved: 'Discovery call confirmed',
  declined: 'Discovery call declined',
  cancelled: 'Discovery call cancelled',
  moved: 'Discovery call moved',
};

/**
 * The one mail to the client when staff approve, decline, cancel or move their call (docs/product.md §F1): the
 * time in the client's named timezone and in UTC, and an .ics with the call's UID and its new SEQUENCE,
 * METHOD:REQUEST (approved, moved) or METHOD:CANCEL (declined, cancelled), so their calendar follows.
 * `call` is the row after the change; `previousStart` the time before a move.
 */
export async function callChangedMessage(
  db: Db,
  call: CallRow,
  change: CallChange,
  context: CallChangeContext,
  previousStart?: Date,
): Promise<MailMessage | null> {
  const parties = await loadCallParties(db, call);
  if (!parties) return null;
  const { client } = parties;
  const project = { title: parties.title };
  const zone = isValidTimezone(call.timezone) ? call.timezone : COMPANY_TIMEZONE;
  const link = `${context.publicUrl}/project/daily-updates/${call.projectId}`;
  const cancel = change === 'declined' || change === 'cancelled';
  const ics = buildCallInvite({
    uid: callUid(call, context.publicUrl),
    start: call.scheduledAt,
    minutes: SLOT_MINUTES,
    stamp: context.now,
    summary: `Discovery call: ${project.title}`,
    description: `Discovery call about "${project.title}" with ${client.name} (client timezone ${call.timezone}). ${link}`,
    url: link,
    ...callInvitePeople(parties, context),
    method: cancel ? 'CANCEL' : 'REQUEST',
    sequence: call.icsSequence,
    status: cancel ? 'CANCELLED' : 'CONFIRMED',
  });
  const when = (start: Date) =>
    `${callTimeIn(start, zone)} (${zone}), that is ${DateTime.fromJSDate(start, { zone: 'UTC' }).toFormat('yyyy-MM-dd HH:mm')} UTC`;
  const paragraphs: Record<CallChange, string[]> = {
    approved: [
      `Your discovery call about "${project.title}" on ${when(call.scheduledAt)} is confirmed.`,
      'The attached invite adds it to your calendar.',
    ],
    declined: [
      `We are sorry: we cannot hold your discovery call about "${project.title}" on ${when(call.scheduledAt)}.`,
      'The attached update removes it from your calendar. Reply to this e-mail and we will find another way to talk.',
    ],
    cancelled: [
      `Your discovery call about "${project.title}" on ${when(call.scheduledAt)} is cancelled.`,
      'The attached update removes it from your calendar. Reply to this e-mail to book another time.',
    ],
    moved: [
      `Your discovery call about "${project.title}" moved${previousStart ? ` from ${when(previousStart)}` : ''} to ${when(call.scheduledAt)}.`,
      'The attached update moves it in your calendar.',
    ],
  };
  return {
    to: client.email,
    subject: `${SUBJECTS[change]}: ${project.title}, ${callTimeIn(call.scheduledAt, zone)}`,
    ...renderMail({
      productName: context.productName,
      greeting: `Hello ${client.name},`,
      paragraphs: paragraphs[change],
      action: { label: 'Open the project', url: link },
      footnote: 'You receive this because you booked this discovery call.',
    }),
    calendar: { method: cancel ? 'CANCEL' : 'REQUEST', filename: 'discovery-call.ics', content: ics },
    invitesAnswer: true,
    ...callReplyTo(parties.manager),
  };
}

/** The mail when staff approve a call that waited for approval: METHOD:REQUEST, STATUS:CONFIRMED. */
export const callApprovedMessage = (db: Db, call: CallRow, context: CallChangeContext) =>
  callChangedMessage(db, call, 'approved', context);
/** The mail when staff decline a call that waited for approval: METHOD:CANCEL. */
export const callDeclinedMessage = (db: Db, call: CallRow, context: CallChangeContext) =>
  callChangedMessage(db, call, 'declined', context);
/** The mail when staff cancel a call: METHOD:CANCEL. */
export const callCancelledMessage = (db: Db, call: CallRow, context: CallChangeContext) =>
  callChangedMessage(db, call, 'cancelled', context);
/** The mail when staff move a call: METHOD:REQUEST with the new start, the old one named in the text. */
export const callMovedMessage = (db: Db, call: CallRow, context: CallChangeContext, previousStart: Date) =>
  callChangedMessage(db, call, 'moved', context, previousStart);
