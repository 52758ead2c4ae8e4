import type { Resource } from '../../lib/jsonapi/document.ts';
import { callActionLinks } from '../scheduled-calls/call-action-link.ts';
import type { NotificationRow } from './list-notifications.ts';

/**
 * Every field the bell gets, listed. A call still waiting for approval also carries its signed Approve
 * and Decline links (docs/product.md §F1), made fresh for each answer; once it was approved, declined or
 * cancelled, none (as the notification batch).
 */
export const presentNotification = (
  row: NotificationRow,
  signing: { secret: string; now: Date },
): Resource => ({
  type: 'notification',
  id: String(row.id),
  attributes: {
    kind: row.kind,
    title: row.title,
    link: row.link,
    created: row.createdAt.toISOString(),
    read: row.readAt !== null,
    ...(row.kind === 'call-awaiting-approval' &&
    row.subjectId !== null &&
    row.callStatus === 'pending_approval'
      ? { actions: callActionLinks(signing.secret, row.subjectId, signing.now) }
      : {}),
  },
});
