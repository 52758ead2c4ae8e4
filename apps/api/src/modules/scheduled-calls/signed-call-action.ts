import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, scheduledCalls, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { CALL_ACTION_LINK_ERRORS, type CallAction, verifyCallActionToken } from './call-action-link.ts';
import { approveCall, type ChangeResult, declineCall } from './call-changes.ts';
import { presentScheduledCall } from './scheduled-call-presenter.ts';

/**
 * A signed Approve or Decline link (docs/product.md §F1), checked for the signed-in member of staff the
 * route has already authorized: the call and action it names, or a 400 that says why it does not work.
 */
export function checkedLink(
  secret: string,
  token: string,
  now: Date,
): { callId: number; action: CallAction } {
  const check = verifyCallActionToken(secret, token, now);
  if (!check.ok)
    throw new AppError('bad_request', { title: CALL_ACTION_LINK_ERRORS[check.reason], parameter: 'token' });
  return check;
}

/** GET: the call the link names, as the Calls screen shows it, and the action, for the confirm page. */
export async function callActionDocument(db: Db, link: { callId: number; action: CallAction }) {
  const [row] = await db
    .select({ call: scheduledCalls, projectTitle: projects.title, clientName: users.name })
    .from(scheduledCalls)
    .innerJoin(projects, eq(projects.id, scheduledCalls.projectId))
    .innerJoin(users, eq(users.id, scheduledCalls.userId))
    .where(eq(scheduledCalls.id, link.callId));
  if (!row) throw notFound('Call');
  const { attributes } = presentScheduledCall(row.call);
  return {
    data: {
      type: 'call-action' as const,
      id: `${link.callId}-${link.action}`,
      attributes: {
        action: link.action,
        call: { ...attributes, project_title: row.projectTitle, client_name: row.clientName },
      },
    },
  };
}

/** POST: the action, by the Calls screen's own rules (only a call still waiting for approval). */
export function actOnLink(
  db: Db,
  link: { callId: number; action: CallAction },
  actor: { id: number },
  now: Date,
): Promise<ChangeResult> {
  const input = { callId: link.callId, actorId: actor.id, now };
  return link.action === 'approve' ? approveCall(db, input) : declineCall(db, input);
}
