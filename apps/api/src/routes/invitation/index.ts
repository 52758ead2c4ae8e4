import {
  emailField,
  idField,
  invitationCreatedDocumentSchema,
  invitationResentDocumentSchema,
  MESSAGES,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailForDisplay } from '../../lib/email-display.ts';
import { asDocument } from '../../lib/jsonapi/document.ts';
import {
  createInvitation,
  inviterOf,
  loadInvitedProject,
} from '../../modules/invitations/create-invitation.ts';
import {
  loadOpenInvitation,
  resendInvitation,
  revokeInvitation,
} from '../../modules/invitations/manage-invitations.ts';
import { perEmailLimit } from '../authorization/rate-limits.ts';

const createBody = z.object({
  data: z.object({
    type: z.literal('invitation').optional(),
    attributes: z.object({
      email: emailField(MESSAGES.emailInvalid),
      project_id: idField,
      redirect_url: z.string().max(2000).optional().nullable(),
    }),
  }),
});
const idParams = z.object({ id: idField });

const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invitation/create',
    {
      schema: {
        tags: ['invitation'],
        summary: 'Invite a person to sign up as a client of a project',
        response: { 201: invitationCreatedDocumentSchema },
        body: createBody,
      },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      preHandler: perEmailLimit(app, { name: 'invite', max: 5, timeWindow: '1 hour' }),
    },
    async (request, reply) => {
      const { email, project_id, redirect_url } = request.body.data.attributes;
      const project = await loadInvitedProject(app.db, project_id);
      const actor = app.authorize(request, 'project:manage-team', project);
      const { id, mail } = await createInvitation(app.db, {
        email,
        project,
        invitedBy: await inviterOf(app.db, actor.id, app.config.productName),
        redirectUrl: redirect_url,
        now: app.config.now(),
        publicUrl: app.config.publicUrl,
        productName: app.config.productName,
      });
      const status = await app.mailer.send(mail);
      return reply.status(201).send(
        asDocument(invitationCreatedDocumentSchema, {
          data: {
            type: 'invitation',
            id: String(id),
            attributes: { email: emailForDisplay(email), 'project-id': project.id, 'mail-status': status },
          },
        }),
      );
    },
  );

  // Resend and revoke (docs/product.md §F5): whoever may invite to the project ('project:manage-team', as for
  // POST /invitation/create) may manage its invitations (the list: invitation/search.ts).
  app.post(
    '/invitation/:id/resend',
    {
      schema: {
        tags: ['invitation'],
        summary: 'Send an invitation again with a new link; the link sent before stops working',
        params: idParams,
        response: { 200: invitationResentDocumentSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const invitation = await loadOpenInvitation(app.db, request.params.id);
      const project = await loadInvitedProject(app.db, invitation.projectId);
      const actor = app.authorize(request, 'project:manage-team', project);
      const { mail, expiresAt } = await resendInvitation(app.db, {
        invitation,
        project,
        invitedBy: await inviterOf(app.db, actor.id, app.config.productName),
        now: app.config.now(),
        publicUrl: app.config.publicUrl,
        productName: app.config.productName,
      });
      const status = await app.mailer.send(mail);
      return {
        data: {
          type: 'invitation',
          id: String(invitation.id),
          attributes: {
            email: emailForDisplay(invitation.email),
            'project-id': project.id,
            'expires-at': expiresAt.toISOString(),
            'mail-status': status,
          },
        },
      };
    },
  );

  app.delete(
    '/invitation/:id',
    {
      schema: {
        tags: ['invitation'],
        summary: 'Revoke a pending invitation: its link stops working',
        params: idParams,
      },
    },
    async (request, reply) => {
      const invitation = await loadOpenInvitation(app.db, request.params.id);
      const project = await loadInvitedProject(app.db, invitation.projectId);
      app.authorize(request, 'project:manage-team', project);
      await revokeInvitation(app.db, invitation.id);
      return reply.status(204).send();
    },
  );
};

export default invitationRoutes;
