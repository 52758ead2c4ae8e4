import {
  availableSlotsDocumentSchema,
  can,
  idField,
  scheduledCallCreateSchema,
  scheduledCallDocumentSchema,
  scheduledCallListDocumentSchema,
  slotTimezoneQuerySchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { withProjectReplyTo } from '../../modules/inbound-mail/reply-token.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import { availableSlots } from '../../modules/scheduled-calls/available-slots.ts';
import {
  bookCall,
  callBookedMessages,
  callRequestedMessage,
  phoneBlacklisted,
} from '../../modules/scheduled-calls/book-call.ts';
import { projectCallsDocument } from '../../modules/scheduled-calls/project-calls.ts';
import {
  presentAvailableDay,
  presentScheduledCall,
} from '../../modules/scheduled-calls/scheduled-call-presenter.ts';

const createBody = z.object({
  data: z.object({ type: z.literal('scheduled-call').optional(), attributes: scheduledCallCreateSchema }),
});
// The spec's style filter[project_id]=N, or the house list form filter[0][0]==&filter[0][1]=project_id&...
function projectIdOfFilter(filter: unknown): unknown {
  if (!filter || typeof filter !== 'object') return undefined;
  const keyed = filter as Record<string, unknown>;
  if ('project_id' in keyed) return keyed.project_id;
  const triple = (keyed as Record<number, unknown>)[0] as Record<number, unknown> | undefined;
  return triple?.[0] === '=' && triple[1] === 'project_id' ? triple[2] : undefined;
}
const searchQuery = z.preprocess(
  (raw) => ({ project_id: projectIdOfFilter((raw as Record<string, unknown> | undefined)?.filter) }),
  z.object({
    project_id: z
      .unknown()
      .refine((v) => v !== undefined && v !== '', 'filter[project_id] is required')
      .pipe(idField),
  }),
);

/** Discovery-call booking (docs/product.md §C4, §C7, §C8, §C9; docs/product.md §D6; docs/product.md §C9). */
const scheduledCallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/scheduled-call/available-slots',
    {
      schema: {
        tags: ['scheduled-call'],
        summary:
          'Free 30-minute slots from now + 2 h to 4 weeks ahead, by date in ?timezone= (signed-in users)',
        querystring: slotTimezoneQuerySchema,
        response: { 200: availableSlotsDocumentSchema },
      },
    },
    async (request) => {
      app.requireActor(request);
      const days = await availableSlots(app.db, request.query.timezone, app.config.now());
      return asDocument(availableSlotsDocumentSchema, documentOf(days.map(presentAvailableDay)));
    },
  );

  app.post(
    '/scheduled-call/create',
    {
      schema: {
        tags: ['scheduled-call'],
        summary:
          "Book a slot (the project's owner). 403 when taken, or 'User phone is blacklisted' (kept for approval)",
        body: createBody,
        response: { 201: scheduledCallDocumentSchema },
      },
    },
    async (request, reply) => {
      const { project_id, scheduled, timezone } = request.body.data.attributes;
      const ref = await loadProjectRef(app.db, project_id);
      const actor = app.authorize(request, 'project:book-call', ref);
      const now = app.config.now();
      const { call, blacklisted } = await bookCall(app.db, {
        projectId: ref.id,
        userId: actor.id,
        scheduled,
        timezone,
        now,
      });
      const { productName, publicUrl, mailFrom } = app.config;
      if (blacklisted) {
        // A request, not a booking: the client is told so by mail (staff are notified in the booking).
        const message = await callRequestedMessage(app.db, call, { productName, publicUrl });
        if (message)
          app.mailer.sendLater(await withProjectReplyTo(app.db, app.config, app.appSecret, message, ref.id));
        throw phoneBlacklisted();
      }
      for (const message of await callBookedMessages(app.db, call, { productName, publicUrl, mailFrom, now }))
        app.mailer.sendLater(await withProjectReplyTo(app.db, app.config, app.appSecret, message, ref.id));
      return reply
        .status(201)
        .send(asDocument(scheduledCallDocumentSchema, documentOf(presentScheduledCall(call))));
    },
  );

  app.get(
    '/scheduled-call/search',
    {
      schema: {
        tags: ['scheduled-call'],
        summary:
          "A project's booked calls, pending approval ones included (staff; filter[project_id] required)",
        querystring: searchQuery,
        response: { 200: scheduledCallListDocumentSchema },
      },
    },
    async (request) => {
      const ref = await loadProjectRef(app.db, request.query.project_id);
      const actor = app.authorize(request, 'project:see-calls', ref);
      return asDocument(
        scheduledCallListDocumentSchema,
        await projectCallsDocument(app.db, ref.id, {
          hideContacts: !can(actor, 'project:see-contacts', ref),
        }),
      );
    },
  );
};

export default scheduledCallRoutes;
