import {
  adminCompanyDocumentSchema,
  adminCompanyListDocumentSchema,
  cappedText,
  idField,
  TEXT_MAX,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import {
  COMPANY_INCLUDES,
  COMPANY_LIST_RULES,
  deleteCompany,
  getCompany,
  searchCompanies,
} from '../../modules/admin-lists/company-search.ts';

const listQuery = z.record(z.string(), z.unknown());
const idParams = z.object({ id: idField });

const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company/search',
    {
      schema: {
        tags: ['company'],
        summary: 'Companies table',
        querystring: listQuery,
        response: { 200: adminCompanyListDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'admin:access');
      return asDocument(
        adminCompanyListDocumentSchema,
        await searchCompanies(app.db, parseListQuery(request.query, COMPANY_LIST_RULES, actor)),
      );
    },
  );

  app.get(
    '/company/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'One company (admin-level)',
        params: idParams,
        querystring: z.object({ include: cappedText(TEXT_MAX.query).optional() }),
        response: { 200: adminCompanyDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'admin:access');
      const include = request.query.include ? request.query.include.split(',') : [];
      for (const name of include) {
        if (!(COMPANY_INCLUDES as readonly string[]).includes(name))
          throw new AppError('bad_request', {
            title: `Include '${name}' is not allowed`,
            parameter: 'include',
          });
      }
      return asDocument(adminCompanyDocumentSchema, await getCompany(app.db, request.params.id, include));
    },
  );

  app.delete(
    '/company/:id',
    { schema: { tags: ['company'], summary: 'Delete a company (admin-level)', params: idParams } },
    async (request, reply) => {
      app.authorize(request, 'admin:access');
      await deleteCompany(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default companyRoutes;
