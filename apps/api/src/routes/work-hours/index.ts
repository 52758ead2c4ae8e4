import { workHoursSettingsDocumentSchema, workHoursUpdateSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { loadCalendarWith, saveWorkHours } from '../../modules/scheduled-calls/work-hours.ts';

const workHoursBody = z.object({
  data: z.object({ type: z.literal('work-hours-settings').optional(), attributes: workHoursUpdateSchema }),
});

/** The company work hours and days off (docs/product.md §F1), in the company timezone; admin-level. */
const workHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const workHoursDocument = async () => {
    const { workHours: days, daysOff, booking } = await loadCalendarWith(app.db, {});
    return asDocument(workHoursSettingsDocumentSchema, {
      data: {
        type: 'work-hours-settings',
        id: 'company',
        attributes: { timezone: booking.companyTimezone, days, days_off: daysOff },
      },
    });
  };

  app.get(
    '/work-hours',
    {
      schema: {
        tags: ['scheduled-call'],
        summary: 'Company work hours per weekday and days off, in the company timezone (admin-level)',
        response: { 200: workHoursSettingsDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'work-hours:edit');
      return workHoursDocument();
    },
  );

  app.patch(
    '/work-hours',
    {
      schema: {
        tags: ['scheduled-call'],
        summary: 'Replace the work hours and days off; slots change at once, booked calls stay (admin-level)',
        body: workHoursBody,
        response: { 200: workHoursSettingsDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'work-hours:edit');
      await saveWorkHours(app.db, request.body.data.attributes);
      return workHoursDocument();
    },
  );
};

export default workHoursRoutes;
