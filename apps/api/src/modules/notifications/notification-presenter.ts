import type { Resource } from '../../lib/jsonapi/document.ts';
import type { NotificationRow } from './list-notifications.ts';

/** Every field the bell gets, listed. */
export const presentNotification = (row: NotificationRow): Resource => ({
  type: 'notification',
  id: String(row.id),
  attributes: {
    kind: row.kind,
    title: row.title,
    link: row.link,
    created: row.createdAt.toISOString(),
    read: row.readAt !== null,
  },
});
