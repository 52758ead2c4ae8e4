import { appConfigDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asDocument } from '../../lib/jsonapi/document.ts';

/** The settings the web app reads at start (product name, labels, optional widget URLs). */
const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app-config',
    {
      schema: {
        tags: ['system'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'Settings the web app needs',
        response: { 200: appConfigDocumentSchema },
      },
    },
    async () =>
      asDocument(appConfigDocumentSchema, {
        data: {
          type: 'app-config',
          id: '1',
          attributes: {
            'product-name': app.config.productName,
            'product-team-label': app.config.productTeamLabel,
            'chat-widget-url': app.config.chatWidgetUrl,
            'new-dashboard-url': app.config.newDashboardUrl,
          },
        },
      }),
  );
};

export default appConfigRoutes;
