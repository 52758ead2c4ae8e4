import { DELIVERY_PAGE_SIZE, deliveryListDocumentSchema, idField } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedDeliveryPage } from '../../modules/deliveries/delivery-cache.ts';
import { presentDelivery } from '../../modules/deliveries/delivery-presenter.ts';
import { listDeliveries } from '../../modules/deliveries/delivery-queries.ts';
import { loadProjectRef, projectRefVersionRead } from '../../modules/projects/load-project.ts';

const deliveriesQuery = z.object({
  status: z.enum(['waiting', 'decided']).optional(),
  page: z
    .object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      size: z.coerce.number().int().min(1).max(100).default(DELIVERY_PAGE_SIZE),
    })
    .default({ page: 1, size: DELIVERY_PAGE_SIZE }),
});

/**
 * The product owner's review list (docs/adr/0021-delivery-review-and-report.md): a project's delivered,
 * accepted and rejected tasks, newest delivery first, for its clients and the staff who read it.
 */
const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/:id/deliveries',
    {
      schema: {
        tags: ['project'],
        summary:
          "A project's delivered, accepted and rejected tasks, newest first (status=waiting|decided; page[page], page[size] 15); meta.has-more, and meta.total for status=waiting",
        params: z.object({ id: idField }),
        querystring: deliveriesQuery,
        response: { 200: deliveryListDocumentSchema },
      },
      // The project, its clients and its version in the auth statement; the page is kept per version
      // (docs/adr/0032).
      config: { sessionRead: projectRefVersionRead },
    },
    async (request) => {
      const ref = await loadProjectRef(app.db, request.params.id, request.sessionRead);
      app.authorize(request, 'project:read-deliveries', ref);
      const { page, size } = request.query.page;
      const filter = request.query.status;
      return cachedDeliveryPage(
        app.db,
        {
          projectId: ref.id,
          projectVersion: ref.version,
          namesVersion: request.versions?.['admin-lists'],
          filter,
          page,
          size,
          now: app.config.now(),
        },
        async () => {
          const { rows, hasMore, total } = await listDeliveries(app.db, ref.id, { filter, page, size });
          return {
            data: rows.map(presentDelivery),
            meta: total === undefined ? { 'has-more': hasMore } : { 'has-more': hasMore, total },
          };
        },
      );
    },
  );
};

export default deliveryRoutes;
