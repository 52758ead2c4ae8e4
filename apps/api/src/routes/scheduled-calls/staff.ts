import {
  calendarFeedDocumentSchema,
  idField,
  mediaAnswerSchema,
  scheduledCallDocumentSchema,
  staffCallListDocumentSchema,
  workHoursSettingsDocumentSchema,
  workHoursUpdateSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import {
  calendarFeedFor,
  deleteFeed,
  feedState,
  feedUrl,
  resetFeed,
} from '../../modules/scheduled-calls/calendar-feed.ts';
import { callChangeMessage } from '../../modules/scheduled-calls/call-change-message.ts';
import {
  approveCall,
  type ChangeResult,
  cancelCall,
  declineCall,
  moveCall,
} from '../../modules/scheduled-calls/call-changes.ts';
import { presentScheduledCall } from '../../modules/scheduled-calls/scheduled-call-presenter.ts';
import { STAFF_CALL_LIST_RULES, searchStaffCalls } from '../../modules/scheduled-calls/staff-calls.ts';
import { loadCalendarWith, saveWorkHours } from '../../modules/scheduled-calls/work-hours.ts';

const listQuery = z.record(z.string(), z.unknown());
const idParams = z.object({ id: idField });
const moveBody = z.object({
  data: z.object({
    type: z.literal('scheduled-call').optional(),
    attributes: z.object({
      start: z.iso.datetime({ offset: true, error: 'Start must be an ISO-8601 instant' }),
    }),
  }),
});
const workHoursBody = z.object({
  data: z.object({ type: z.literal('work-hours-settings').optional(), attributes: workHoursUpdateSchema }),
});
const feedParams = z.object({ file: z.string().max(100) });

/**
 * Staff side of discovery calls (docs/product.md §F1): the Calls screen's list and actions, the company work
 * hours and days off, and each staff member's private calendar feed.
 */
const staffCallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/scheduled-call/staff-search',
    {
      schema: {
        tags: ['scheduled-call'],
        summary:
          'Calls of every project for the Calls screen (admin, superAdmin, accountManager, projectManager); paged, filter by status and scheduled',
        querystring: listQuery,
        response: { 200: staffCallListDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'calls:manage');
      return asDocument(
        staffCallListDocumentSchema,
        await searchStaffCalls(app.db, parseListQuery(request.query, STAFF_CALL_LIST_RULES, actor)),
      );
    },
  );

  const afterChange = async (result: ChangeResult) => {
    const { productName, publicUrl, mailFrom } = app.config;
    const context = { productName, publicUrl, mailFrom, now: app.config.now() };
    const message = await callChangeMessage(app.db, result, context);
    if (message) app.mailer.sendLater(message);
    return asDocument(scheduledCallDocumentSchema, documentOf(presentScheduledCall(result.call)));
  };

  const actions = { approve: approveCall, decline: declineCall, cancel: cancelCall } as const;
  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/scheduled-call/:id/${name}`,
      {
        schema: {
          tags: ['scheduled-call'],
          summary: `${name[0]!.toUpperCase()}${name.slice(1)} a call; mails the client a calendar update (Calls screen roles)`,
          params: idParams,
          response: { 200: scheduledCallDocumentSchema },
        },
      },
      async (request) => {
        const actor = app.authorize(request, 'calls:manage');
        const result = await action(app.db, {
          callId: request.params.id,
          actorId: actor.id,
          now: app.config.now(),
        });
        return afterChange(result);
      },
    );
  }

  app.post(
    '/scheduled-call/:id/move',
    {
      schema: {
        tags: ['scheduled-call'],
        summary: 'Move a call to another free slot (409 when taken); mails the client a calendar update',
        params: idParams,
        body: moveBody,
        response: { 200: scheduledCallDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'calls:manage');
      const result = await moveCall(app.db, {
        callId: request.params.id,
        actorId: actor.id,
        now: app.config.now(),
        start: new Date(request.body.data.attributes.start),
      });
      return afterChange(result);
    },
  );

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

export default staffCallRoutes;
