import { callActionBodySchema, callActionDocumentSchema, scheduledCallDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { withProjectReplyTo } from '../../modules/inbound-mail/reply-token.ts';
import { callChangeMessage } from '../../modules/scheduled-calls/call-change-message.ts';
import { presentScheduledCall } from '../../modules/scheduled-calls/scheduled-call-presenter.ts';
import {
  actOnLink,
  callActionDocument,
  checkedLink,
} from '../../modules/scheduled-calls/signed-call-action.ts';

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/**
 * The one-click Approve and Decline links of a call that waits for approval (docs/product.md §F1). The
 * link is signed, but it is not a key: both answers need a signed-in member of staff who may manage
 * calls (authorized before the token is even read), GET only shows, and only POST acts.
 */
const signedActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/scheduled-call/signed-action',
    {
      schema: {
        tags: ['scheduled-call'],
        summary: 'The call a signed Approve/Decline link names (Calls screen roles); changes nothing',
        querystring: tokenQuery,
        response: { 200: callActionDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'calls:manage');
      const link = checkedLink(app.appSecret, request.query.token, app.config.now());
      return asDocument(callActionDocumentSchema, await callActionDocument(app.db, link));
    },
  );

  app.post(
    '/scheduled-call/signed-action',
    {
      schema: {
        tags: ['scheduled-call'],
        summary: 'Approve or decline the call a signed link names (Calls screen roles); mails the client',
        body: callActionBodySchema,
        response: { 200: scheduledCallDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'calls:manage');
      const now = app.config.now();
      const link = checkedLink(app.appSecret, request.body.data.attributes.token, now);
      const result = await actOnLink(app.db, link, actor, now);
      const { productName, publicUrl, mailFrom } = app.config;
      const message = await callChangeMessage(app.db, result, { productName, publicUrl, mailFrom, now });
      if (message)
        app.mailer.sendLater(
          await withProjectReplyTo(app.db, app.config, app.appSecret, message, result.call.projectId),
        );
      return asDocument(scheduledCallDocumentSchema, documentOf(presentScheduledCall(result.call)));
    },
  );
};

export default signedActionRoutes;
