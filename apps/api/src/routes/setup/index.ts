import { setupChecklistDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { setupChecklist } from '../../modules/setup/setup-checklist.ts';

/** The admins' setup checklist: shown on their first screen until every item is done. */
const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setup/checklist',
    {
      schema: {
        tags: ['settings'],
        summary: 'What is still to set up: default account manager, work hours, SMTP, public URL (admins)',
        response: { 200: setupChecklistDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'admin:access');
      const items = await setupChecklist(app.db, app.config);
      return asDocument(
        setupChecklistDocumentSchema,
        documentOf({ type: 'setup-checklist', id: 'company', attributes: { items } }),
      );
    },
  );
};

export default setupRoutes;
