import { mediaAnswerSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { calendarFeedFor } from '../../modules/scheduled-calls/calendar-feed.ts';

const feedParams = z.object({ file: z.string().max(100) });

/** A staff member's private iCalendar feed (docs/product.md §F1); made at routes/calendar-feed/. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/:file',
    {
      config: { revealsNotFound: true },
      schema: {
        tags: ['calendar-feed'],
        summary: 'A private iCalendar feed: GET /api/calendar/{token}.ics (the token is the key; no session)',
        params: feedParams,
        response: {
          200: mediaAnswerSchema({
            mediaType: 'text/calendar',
            description: 'The iCalendar (RFC 5545) feed',
          }),
        },
      },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
      const { productName, publicUrl, mailFrom } = app.config;
      const ics = await calendarFeedFor(app.db, token, {
        productName,
        publicUrl,
        mailFrom,
        now: app.config.now(),
      });
      if (ics === null) throw notFound('Calendar feed');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="calls.ics"')
        .send(ics as never);
    },
  );
};

export default calendarRoutes;
