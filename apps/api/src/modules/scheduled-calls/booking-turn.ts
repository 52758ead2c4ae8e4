import { SLOT_MINUTES } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../board/tx.ts';
import { rowsOf } from '../notifications/notify.ts';

/**
 * The rules a booking or a move must check against the other live calls (docs/product.md §C9): one open
 * discovery call per project, and a buffer around every live call. Both read other rows, which a unique
 * index cannot guard, so every booking and move of the company calendar takes its turn under one
 * transaction-scoped advisory lock: two requests (from any connection or app process) cannot both see
 * "no open call" or "nothing near" and both insert. The lock is held until the writer's transaction
 * ends; bookings are a handful per hour, so waiting in turn costs nothing noticeable. The unique index on
 * live calls' starts stays as the last guard (ADR 0004).
 *
 * The calendar is one for the company (any live call holds its slot for everyone), so the buffer is kept
 * around every live call, as the slot rule is.
 */
export async function takeBookingTurn(
  tx: DbOrTx,
  input: {
    /** The project whose open call counts; null for a move (the call itself is the open one). */
    projectId: number | null;
    instant: Date;
    bufferMinutes: number;
    now: Date;
    /** The call being moved, which does not stand in its own way. */
    exceptCallId?: number;
  },
): Promise<'open-call' | 'taken' | 'too-close' | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('scheduled-call-booking'))`);
  const keepClearMs = (SLOT_MINUTES + input.bufferMinutes) * 60_000;
  const at = input.instant.getTime();
  const except = input.exceptCallId ?? 0;
  const [row] = await rowsOf<{ open_call: boolean; taken: boolean; near: boolean }>(
    tx,
    sql`select
      ${
        input.projectId === null
          ? sql`false`
          : sql`exists (select 1 from scheduled_calls c
        where c.project_id = ${input.projectId} and c.status <> 'cancelled'
        and c.scheduled_at > ${new Date(input.now.getTime() - SLOT_MINUTES * 60_000).toISOString()}::timestamptz)`
      } as open_call,
      exists (select 1 from scheduled_calls c where c.status <> 'cancelled' and c.id <> ${except}
        and c.scheduled_at = ${input.instant.toISOString()}::timestamptz) as taken,
      exists (select 1 from scheduled_calls c where c.status <> 'cancelled' and c.id <> ${except}
        and c.scheduled_at > ${new Date(at - keepClearMs).toISOString()}::timestamptz
        and c.scheduled_at < ${new Date(at + keepClearMs).toISOString()}::timestamptz) as near`,
  );
  if (row?.open_call) return 'open-call';
  if (row?.taken) return 'taken';
  if (row?.near) return 'too-close';
  return null;
}
