import {
  NOTIFICATION_PAGE_SIZE,
  notificationKindsFor,
  notificationListDocumentSchema,
  notificationReadDocumentSchema,
  notificationReadSchema,
  notificationSettingsDocumentSchema,
  notificationSettingsUpdateSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { listNotifications, markRead } from '../../modules/notifications/list-notifications.ts';
import { presentNotification } from '../../modules/notifications/notification-presenter.ts';
import { readPreferences, savePreferences } from '../../modules/notifications/preferences.ts';
import unsubscribeRoutes from './unsubscribe.ts';

const listQuery = z.object({
  page: z
    .object({
      size: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
      before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .default({ size: NOTIFICATION_PAGE_SIZE }),
});

/** The notification centre (docs/adr/0020-notifications.md): every signed-in user, their own rows only. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(unsubscribeRoutes);

  app.get(
    '/notification/search',
    {
      schema: {
        tags: ['notification'],
        summary: 'My notifications, newest first (page[size] 20; page[before]: meta.next of the last page)',
        querystring: listQuery,
        response: { 200: notificationListDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'notification:use');
      const { rows, next, unread } = await listNotifications(app.db, actor.id, request.query.page);
      return asDocument(
        notificationListDocumentSchema,
        documentOf(
          rows.map((row) => presentNotification(row, { secret: app.appSecret, now: app.config.now() })),
          undefined,
          {
            'unread-count': unread,
            next: next === null ? null : String(next),
          },
        ),
      );
    },
  );

  app.post(
    '/notification/read',
    {
      schema: {
        tags: ['notification'],
        summary: 'Mark some of my notifications (data.attributes.ids) or all of them read',
        body: notificationReadSchema,
        response: { 200: notificationReadDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'notification:use');
      const unread = await markRead(app.db, actor.id, request.body.data.attributes, app.config.now());
      return { meta: { 'unread-count': unread } };
    },
  );

  const settingsDocument = async (actor: { id: number; role: Parameters<typeof notificationKindsFor>[0] }) =>
    asDocument(
      notificationSettingsDocumentSchema,
      documentOf({
        type: 'notification-settings',
        id: String(actor.id),
        attributes: { kinds: await readPreferences(app.db, actor) },
      }),
    );

  app.get(
    '/notification/settings',
    {
      schema: {
        tags: ['notification'],
        summary: 'For each kind of notification I can receive: in the app, by e-mail',
        response: { 200: notificationSettingsDocumentSchema },
      },
    },
    async (request) => settingsDocument(app.authorize(request, 'notification:use')),
  );

  app.patch(
    '/notification/settings',
    {
      schema: {
        tags: ['notification'],
        summary: 'Choose, per kind, whether a notification reaches me in the app and by e-mail',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'notification:use');
      const mine = new Set<string>(notificationKindsFor(actor.role));
      const kinds = request.body.data.attributes.kinds;
      const index = kinds.findIndex((k) => !mine.has(k.kind));
      if (index >= 0)
        throw new AppError('unprocessable', {
          title: 'You do not receive this kind of notification',
          pointer: `/data/attributes/kinds/${index}/kind`,
        });
      await savePreferences(app.db, actor.id, kinds);
      return settingsDocument(actor);
    },
  );
};

export default notificationRoutes;
