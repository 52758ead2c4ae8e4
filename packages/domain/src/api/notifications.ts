import { z } from 'zod';
import { notificationKindSchema, notificationPreferenceSchema } from '../notifications.ts';
import { resourceSchema } from './jsonapi.ts';

/** One entry of the bell's list: `link` is the web app's path of the thing it tells about. */
export const notificationResourceSchema = resourceSchema(
  'notification',
  z.object({
    kind: notificationKindSchema,
    title: z.string(),
    link: z.string(),
    created: z.string(),
    read: z.boolean(),
    /** A call waiting for approval: its signed Approve and Decline links (docs/product.md §F1). */
    actions: z
      .array(z.object({ action: z.enum(['approve', 'decline']), label: z.string(), link: z.string() }))
      .optional(),
  }),
);

/**
 * GET /api/notification/search: newest first; `next` is the page[before] of the next page, or null;
 * `unread-count` counts up to 100 (100 means 100 or more).
 */
export const notificationListDocumentSchema = z.object({
  data: z.array(notificationResourceSchema),
  meta: z.object({ 'unread-count': z.number().int(), next: z.string().nullable() }),
});

/** POST /api/notification/read: how many are still unread. */
export const notificationReadDocumentSchema = z.object({
  meta: z.object({ 'unread-count': z.number().int() }),
});

/** GET and PATCH /api/notification/settings: the signed-in user's choice for each kind they can receive. */
export const notificationSettingsDocumentSchema = z.object({
  data: resourceSchema('notification-settings', z.object({ kinds: z.array(notificationPreferenceSchema) })),
});

/** POST /api/notification/unsubscribe (RFC 8058 one-click): done. */
export const notificationUnsubscribedSchema = z.object({ meta: z.object({ unsubscribed: z.literal(true) }) });

/** What an admin still has to set up before leads and calls reach the right people. */
export const SETUP_CHECKLIST_ITEMS = [
  'default-account-manager',
  'work-hours',
  'smtp',
  'public-url',
  'mail-sender',
] as const;
export type SetupChecklistItem = (typeof SETUP_CHECKLIST_ITEMS)[number];

/** GET /api/setup/checklist (admins): each item and whether it is done. */
export const setupChecklistDocumentSchema = z.object({
  data: resourceSchema(
    'setup-checklist',
    z.object({
      items: z.array(
        z.object({
          item: z.enum(SETUP_CHECKLIST_ITEMS),
          done: z.boolean(),
          /** What the item is about today: the sender's address for `mail-sender`, else null. */
          detail: z.string().nullable(),
        }),
      ),
    }),
  ),
});
