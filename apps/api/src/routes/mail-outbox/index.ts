import { mailOutboxListDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { pageCount, parseListQuery } from '../../lib/jsonapi/query.ts';
import { OUTBOX_LIST_RULES, searchOutbox } from '../../modules/mail/search-outbox.ts';

const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail-outbox/search',
    {
      schema: {
        tags: ['mail'],
        summary: 'Mail the app sent or logged (admins)',
        response: { 200: mailOutboxListDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'admin:access');
      const query = parseListQuery(request.query as Record<string, unknown>, OUTBOX_LIST_RULES, actor);
      const { rows, total } = await searchOutbox(app.db, query);
      return asDocument(
        mailOutboxListDocumentSchema,
        documentOf(rows, undefined, {
          'page-count': pageCount(total, query.size),
          'total-count': total,
        }),
      );
    },
  );
};

export default mailOutboxRoutes;
