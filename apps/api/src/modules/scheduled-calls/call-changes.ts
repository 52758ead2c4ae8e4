import { bookingRefusal, callRefusalTitle, MESSAGES } from '@dd/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledCalls } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import { recordEvent } from '../board/history.ts';
import type { CallChange } from '../mail/call-changed-mail.ts';
import { notifyCall } from '../notifications/call-notifications.ts';
import { isSlotUniqueViolation } from './book-call.ts';
import { slotRulesOf } from './booking-settings.ts';
import { takeBookingTurn } from './booking-turn.ts';
import { loadCalendarWith } from './work-hours.ts';

type CallRow = typeof scheduledCalls.$inferSelect;

export const CALL_CHANGE_ERRORS = {
  notPending: 'Only a call waiting for approval can be approved or declined',
  cancelled: 'This call is already cancelled',
  sameSlot: 'The call is already at this time',
  tooClose: 'This time is too close to another call: keep the buffer the booking rules ask for',
  started: 'This call has already started',
} as const;

/** Moving onto a slot another live call holds: the database's unique index refused it (ADR 0004). */
export const moveSlotTaken = () => new AppError('conflict', { title: MESSAGES.slotTaken });

export async function loadCall(db: Db, id: number): Promise<CallRow> {
  const [call] = await db.select().from(scheduledCalls).where(eq(scheduledCalls.id, id)).limit(1);
  if (!call) throw notFound('Call');
  return call;
}

type ChangeInput = {
  callId: number;
  actorId: number;
  now: Date;
  /**
   * A client of the call's project acts (the route has checked 'project:change-call'): only an open call
   * that has not started is theirs to change (docs/product.md §C9), and staff hear of it.
   */
  byClient?: boolean;
};
export type ChangeResult = { call: CallRow; change: CallChange; previousStart?: Date };

/** A client changes a call only before it starts; staff may still tidy one up afterwards. */
function refuseStartedForClient(call: CallRow, input: ChangeInput) {
  if (input.byClient && call.scheduledAt.getTime() <= input.now.getTime())
    throw new AppError('conflict', { title: CALL_CHANGE_ERRORS.started });
}

const historyDetails = (call: CallRow, extra: Record<string, unknown> = {}) => ({
  callId: call.id,
  scheduled: call.scheduledAt.toISOString(),
  ...extra,
});

/**
 * Applies one status change with a guarded UPDATE (the row must still be in an allowed state, so two staff
 * acting at once cannot both succeed), raises the invite SEQUENCE and writes the project history entry in
 * the same transaction.
 */
async function changeStatus(
  db: Db,
  input: ChangeInput,
  change: Exclude<CallChange, 'moved'>,
): Promise<ChangeResult> {
  const before = await loadCall(db, input.callId);
  const fromPending = change === 'approved' || change === 'declined';
  if (fromPending && before.status !== 'pending_approval')
    throw new AppError('conflict', { title: CALL_CHANGE_ERRORS.notPending });
  if (before.status === 'cancelled') throw new AppError('conflict', { title: CALL_CHANGE_ERRORS.cancelled });
  refuseStartedForClient(before, input);
  const status = change === 'approved' ? 'booked' : 'cancelled';
  return db.transaction(async (tx) => {
    const [call] = await tx
      .update(scheduledCalls)
      .set({ status, icsSequence: sql`${scheduledCalls.icsSequence} + 1` })
      .where(
        and(
          eq(scheduledCalls.id, input.callId),
          fromPending
            ? eq(scheduledCalls.status, 'pending_approval')
            : ne(scheduledCalls.status, 'cancelled'),
        ),
      )
      .returning();
    if (!call)
      throw new AppError('conflict', {
        title: fromPending ? CALL_CHANGE_ERRORS.notPending : CALL_CHANGE_ERRORS.cancelled,
      });
    await recordEvent(tx, {
      projectId: call.projectId,
      actorId: input.actorId,
      entity: 'call',
      entityId: call.id,
      action: change,
      details: historyDetails(call),
      at: input.now,
    });
    await notifyCall(tx, {
      call,
      happening: change,
      actorId: input.actorId,
      at: input.now,
      byClient: input.byClient,
    });
    return { call, change };
  });
}

/** Approve a call that waits for approval (blacklisted phone prefix): it becomes booked. */
export const approveCall = (db: Db, input: ChangeInput) => changeStatus(db, input, 'approved');
/** Decline a call that waits for approval: it is cancelled and its slot is free again. */
export const declineCall = (db: Db, input: ChangeInput) => changeStatus(db, input, 'declined');
/** Cancel any live call: its slot is free again (the unique index covers live calls only). */
export const cancelCall = (db: Db, input: ChangeInput) => changeStatus(db, input, 'cancelled');

/**
 * Move a live call to another slot (docs/product.md §F1), by staff or by a client of its project
 * (docs/product.md §C9). The call keeps its status: a call waiting for approval still waits, an approved one
 * stays booked (approval is of the caller, not of the hour; staff hear of a client's move). The new time must be a bookable slot by the booking
 * rules (grid of the work hours, not a day off, within the admin's notice and days ahead, clear of the
 * buffer around other live calls, docs/product.md §C9); whether it is free is decided by
 * the database alone, as for booking: the unique index on live calls' starts refuses a taken slot (409).
 */
export async function moveCall(db: Db, input: ChangeInput & { start: Date }): Promise<ChangeResult> {
  const before = await loadCall(db, input.callId);
  if (before.status === 'cancelled') throw new AppError('conflict', { title: CALL_CHANGE_ERRORS.cancelled });
  refuseStartedForClient(before, input);
  if (before.scheduledAt.getTime() === input.start.getTime())
    throw new AppError('unprocessable', { title: CALL_CHANGE_ERRORS.sameSlot, pointer: attr('start') });
  const { workHours, daysOff, booking } = await loadCalendarWith(db, {});
  const refusal = bookingRefusal(input.start, {
    now: input.now,
    workHours,
    daysOff,
    ...slotRulesOf(booking),
  });
  if (refusal === 'booked' || refusal === 'too-close') throw moveSlotTaken();
  if (refusal)
    throw new AppError('unprocessable', {
      title: callRefusalTitle(refusal, booking.rules),
      pointer: attr('start'),
    });
  try {
    return await db.transaction(async (tx) => {
      // The buffer around the other live calls (docs/product.md §C9), checked in the bookings' turn.
      const turn = await takeBookingTurn(tx, {
        projectId: null,
        instant: input.start,
        bufferMinutes: booking.rules.bufferMinutes,
        now: input.now,
        exceptCallId: input.callId,
      });
      if (turn === 'taken') throw moveSlotTaken();
      if (turn === 'too-close')
        throw new AppError('conflict', { title: CALL_CHANGE_ERRORS.tooClose, pointer: attr('start') });
      const [call] = await tx
        .update(scheduledCalls)
        .set({ scheduledAt: input.start, icsSequence: sql`${scheduledCalls.icsSequence} + 1` })
        .where(and(eq(scheduledCalls.id, input.callId), ne(scheduledCalls.status, 'cancelled')))
        .returning();
      if (!call) throw new AppError('conflict', { title: CALL_CHANGE_ERRORS.cancelled });
      await recordEvent(tx, {
        projectId: call.projectId,
        actorId: input.actorId,
        entity: 'call',
        entityId: call.id,
        action: 'moved',
        details: historyDetails(call, { from: before.scheduledAt.toISOString() }),
        at: input.now,
      });
      await notifyCall(tx, {
        call,
        happening: 'moved',
        actorId: input.actorId,
        at: input.now,
        byClient: input.byClient,
      });
      return { call, change: 'moved' as const, previousStart: before.scheduledAt };
    });
  } catch (error) {
    if (isSlotUniqueViolation(error)) throw moveSlotTaken();
    throw error;
  }
}
