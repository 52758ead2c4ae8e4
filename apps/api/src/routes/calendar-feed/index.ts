import { calendarFeedDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { deleteFeed, feedState, feedUrl, resetFeed } from '../../modules/scheduled-calls/calendar-feed.ts';

/** Each staff member's private calendar feed (docs/product.md §F1): its state, a new URL, off. Read at routes/calendar/. */
const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar-feed',
    {
      schema: {
        tags: ['calendar-feed'],
        summary: 'Whether I have a calendar feed, and since when (staff)',
        response: { 200: calendarFeedDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'calendar-feed:use');
      const state = await feedState(app.db, actor.id);
      return asDocument(
        calendarFeedDocumentSchema,
        documentOf({
          type: 'calendar-feed',
          id: String(actor.id),
          attributes: { active: state !== null, created: state?.createdAt.toISOString() ?? null, url: null },
        }),
      );
    },
  );

  app.post(
    '/calendar-feed/reset',
    {
      schema: {
        tags: ['calendar-feed'],
        summary: 'Make a new private feed URL, shown once; the previous one stops working (staff)',
        response: { 201: calendarFeedDocumentSchema },
      },
    },
    async (request, reply) => {
      const actor = app.authorize(request, 'calendar-feed:use');
      const now = app.config.now();
      const token = await resetFeed(app.db, actor.id, now);
      return reply.status(201).send(
        asDocument(
          calendarFeedDocumentSchema,
          documentOf({
            type: 'calendar-feed',
            id: String(actor.id),
            attributes: {
              active: true,
              created: now.toISOString(),
              url: feedUrl(app.config.publicUrl, token),
            },
          }),
        ),
      );
    },
  );

  app.delete(
    '/calendar-feed',
    { schema: { tags: ['calendar-feed'], summary: 'Turn my calendar feed off (staff)' } },
    async (request, reply) => {
      const actor = app.authorize(request, 'calendar-feed:use');
      await deleteFeed(app.db, actor.id);
      return reply.status(204).send();
    },
  );
};

export default calendarFeedRoutes;
