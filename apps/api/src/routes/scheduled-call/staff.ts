import { can, idField, scheduledCallDocumentSchema, staffCallListDocumentSchema } from '@dd/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import { withProjectReplyTo } from '../../modules/inbound-mail/reply-token.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import { callChangeMessage } from '../../modules/scheduled-calls/call-change-message.ts';
import {
  approveCall,
  type ChangeResult,
  cancelCall,
  declineCall,
  loadCall,
  moveCall,
} from '../../modules/scheduled-calls/call-changes.ts';
import { presentScheduledCall } from '../../modules/scheduled-calls/scheduled-call-presenter.ts';
import { STAFF_CALL_LIST_RULES, searchStaffCalls } from '../../modules/scheduled-calls/staff-calls.ts';

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

/**
 * Staff side of discovery calls (docs/product.md §F1): the Calls screen's list and actions. Move and cancel
 * are also the client's, for their own project's open call (docs/product.md §C9). The company work
 * hours are routes/work-hours/, each staff member's private calendar feed routes/calendar-feed/ and routes/calendar/.
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
    if (message)
      app.mailer.sendLater(
        await withProjectReplyTo(app.db, app.config, app.appSecret, message, result.call.projectId),
      );
    return asDocument(scheduledCallDocumentSchema, documentOf(presentScheduledCall(result.call)));
  };

  /**
   * Who may move or cancel this call: the Calls screen's roles any call; a client of the call's project
   * that project's call. Every other role is refused before the call is looked up, and a client gets the
   * same 403 for an unknown call as for another project's (docs/product.md §F4).
   */
  const authorizeChange = async (request: FastifyRequest, callId: number) => {
    const actor = app.requireActor(request);
    if (can(actor, 'calls:manage')) return { actor, byClient: false };
    if (actor.role !== 'client') app.authorize(request, 'calls:manage');
    const call = await loadCall(app.db, callId);
    app.authorize(request, 'project:change-call', await loadProjectRef(app.db, call.projectId));
    return { actor, byClient: true };
  };

  const actions = { approve: approveCall, decline: declineCall } as const;
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
    '/scheduled-call/:id/cancel',
    {
      schema: {
        tags: ['scheduled-call'],
        summary:
          "Cancel a call (Calls screen roles; a client of the call's project before it starts); mails the client a calendar update",
        params: idParams,
        response: { 200: scheduledCallDocumentSchema },
      },
    },
    async (request) => {
      const { actor, byClient } = await authorizeChange(request, request.params.id);
      const result = await cancelCall(app.db, {
        callId: request.params.id,
        actorId: actor.id,
        now: app.config.now(),
        byClient,
      });
      return afterChange(result);
    },
  );

  app.post(
    '/scheduled-call/:id/move',
    {
      schema: {
        tags: ['scheduled-call'],
        summary:
          "Move a call to another free slot by the booking rules (409 when taken; Calls screen roles, or a client of the call's project before it starts); mails the client a calendar update",
        params: idParams,
        body: moveBody,
        response: { 200: scheduledCallDocumentSchema },
      },
    },
    async (request) => {
      const { actor, byClient } = await authorizeChange(request, request.params.id);
      const result = await moveCall(app.db, {
        callId: request.params.id,
        actorId: actor.id,
        now: app.config.now(),
        start: new Date(request.body.data.attributes.start),
        byClient,
      });
      return afterChange(result);
    },
  );
};

export default staffCallRoutes;
