import type { Db } from '../../db/client.ts';
import {
  callApprovedMessage,
  callCancelledMessage,
  callDeclinedMessage,
  callMovedMessage,
} from '../mail/call-changed-mail.ts';
import type { CallMailContext } from './book-call.ts';
import type { ChangeResult } from './call-changes.ts';

/**
 * The client's mail for a change (docs/product.md §F1): approved, declined, cancelled or moved. A client's own
 * move or cancel mails them too, so the calendar invite follows (docs/product.md §C9).
 */
export async function callChangeMessage(db: Db, result: ChangeResult, context: CallMailContext) {
  const { call } = result;
  if (result.change === 'approved') return callApprovedMessage(db, call, context);
  if (result.change === 'declined') return callDeclinedMessage(db, call, context);
  if (result.change === 'cancelled') return callCancelledMessage(db, call, context);
  return callMovedMessage(db, call, context, result.previousStart ?? call.scheduledAt);
}
