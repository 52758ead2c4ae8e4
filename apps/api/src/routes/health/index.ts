import { appConfigDocumentSchema } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';

/** Plain JSON for load balancers and uptime checks, not a JSON:API document (ADR 0009). */
const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check (plain application/json)',
        response: { 200: healthSchema },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.database.driver };
    },
  );

  app.get(
    '/app-config',
    {
      schema: {
        tags: ['system'],
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

export default systemRoutes;
