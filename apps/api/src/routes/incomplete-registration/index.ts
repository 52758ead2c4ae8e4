import { incompleteRegistrationListDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { pageCount, parseListQuery } from '../../lib/jsonapi/query.ts';
import {
  INCOMPLETE_REGISTRATION_LIST_RULES,
  listIncompleteRegistrations,
} from '../../modules/registration/incomplete-registration.ts';
import { presentIncompleteRegistration } from '../../modules/registration/incomplete-registration-presenter.ts';

/** The get-started wizard's abandoned sign-ups, for sales follow-up (admins). */
const incompleteRegistrationListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/incomplete-registration/search',
    {
      schema: {
        tags: ['registration'],
        summary: 'Incomplete registrations for sales follow-up (admins)',
        response: { 200: incompleteRegistrationListDocumentSchema },
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'admin:access');
      const query = parseListQuery(request.query, INCOMPLETE_REGISTRATION_LIST_RULES, actor);
      const { rows, total } = await listIncompleteRegistrations(app.db, query);
      return asDocument(
        incompleteRegistrationListDocumentSchema,
        documentOf(rows.map(presentIncompleteRegistration), undefined, {
          'page-count': pageCount(total, query.size),
          'total-count': total,
        }),
      );
    },
  );
};

export default incompleteRegistrationListRoutes;
