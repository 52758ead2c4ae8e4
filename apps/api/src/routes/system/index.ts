import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['system'], summary: 'Liveness and database check' } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok', database: app.database.driver };
  });

  app.get(
    '/app-config',
    { schema: { tags: ['system'], summary: 'Settings the web app needs' } },
    async () => ({
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
