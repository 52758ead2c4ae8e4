import { slotTimezoneQuerySchema, weeklyWorkHoursDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { weeklyWorkHours } from '../../modules/scheduled-calls/available-slots.ts';
import { presentWorkDay } from '../../modules/scheduled-calls/scheduled-call-presenter.ts';

/** This week's company work hours for the booking modal (docs/product.md §C4), as wall clock in ?timezone=. */
const weeklyWorkHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/work-hours/weekly',
    {
      schema: {
        tags: ['scheduled-call'],
        summary: "This week's company work hours as wall clock in ?timezone= (signed-in users)",
        querystring: slotTimezoneQuerySchema,
        response: { 200: weeklyWorkHoursDocumentSchema },
      },
    },
    async (request) => {
      app.requireActor(request);
      const days = await weeklyWorkHours(app.db, request.query.timezone, app.config.now());
      return asDocument(weeklyWorkHoursDocumentSchema, documentOf(days.map(presentWorkDay)));
    },
  );
};

export default weeklyWorkHoursRoutes;
