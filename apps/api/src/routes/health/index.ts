import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Plain JSON for load balancers and uptime checks, not a JSON:API document (ADR 0009). */
const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default healthRoutes;
