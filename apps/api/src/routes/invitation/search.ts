import { idField, pendingInvitationListDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailForDisplay } from '../../lib/email-display.ts';
import { loadInvitedProject } from '../../modules/invitations/create-invitation.ts';
import { listPendingInvitations } from '../../modules/invitations/manage-invitations.ts';

const searchQuery = z.object({ filter: z.object({ project_id: idField }) });

/** A project's pending invitations (docs/product.md §F5). */
const invitationSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Pending invitations, resend and revoke (docs/product.md §F5): whoever may invite to the project
  // ('project:manage-team', as for POST /invitation/create) may see and manage its invitations.
  app.get(
    '/invitation/search',
    {
      schema: {
        tags: ['invitation'],
        summary: "A project's pending invitations (unused and unexpired), newest first",
        querystring: searchQuery,
        response: { 200: pendingInvitationListDocumentSchema },
      },
    },
    async (request) => {
      const project = await loadInvitedProject(app.db, request.query.filter.project_id);
      app.authorize(request, 'project:manage-team', project);
      const rows = await listPendingInvitations(app.db, project.id, app.config.now());
      return {
        data: rows.map((row) => ({
          type: 'invitation',
          id: String(row.id),
          attributes: {
            email: emailForDisplay(row.email),
            'project-id': row.projectId,
            'invited-by': row.invitedBy,
            created: row.createdAt.toISOString(),
            'expires-at': row.expiresAt.toISOString(),
          },
        })),
        meta: { count: rows.length },
      };
    },
  );
};

export default invitationSearchRoutes;
