import { FALLBACK_MESSAGES, invitationDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailForDisplay } from '../../lib/email-display.ts';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { findOpenInvitation, invalidInvitation } from '../../modules/invitations/invitation-tokens.ts';

const tokenQuery = z.object({ token: z.string().trim().min(1, FALLBACK_MESSAGES.required).max(200) });

/** The invited sign-up page's first read (docs/product.md §A5): which e-mail its link was sent to. */
const invitationMyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invitation/my',
    {
      schema: {
        tags: ['invitation'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'The e-mail an invitation token was sent to',
        response: { 200: invitationDocumentSchema },
        querystring: tokenQuery,
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const invitation = await findOpenInvitation(app.db, request.query.token, app.config.now());
      if (!invitation) throw invalidInvitation({ parameter: 'token' });
      return asDocument(invitationDocumentSchema, {
        data: {
          type: 'invitation',
          id: String(invitation.id),
          attributes: { email: emailForDisplay(invitation.email), 'project-id': invitation.projectId },
        },
      });
    },
  );
};

export default invitationMyRoutes;
