import {
  adminCompanyDocumentSchema,
  adminCompanyListDocumentSchema,
  cappedText,
  companyDocumentSchema,
  companyUpdateSchema,
  idField,
  TEXT_MAX,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import {
  COMPANY_INCLUDES,
  COMPANY_LIST_RULES,
  deleteCompany,
  getCompany,
  searchCompanies,
} from '../../modules/admin-lists/company-search.ts';
import { presentCompany } from '../../modules/projects/project-presenter.ts';
import { updateOwnerCompany } from '../../modules/projects/update-company-and-owner.ts';

const listQuery = z.record(z.string(), z.unknown());
const idParams = z.object({ id: idField });
const companyPatchBody = z.object({
  data: z.object({
    type: z.literal('company'),
    id: z.coerce.string().optional(),
    attributes: companyUpdateSchema,
  }),
});

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

  app.patch(
    '/company/:id',
    {
      schema: {
        tags: ['project'],
        summary: "Save the project owner's company",
        params: idParams,
        body: companyPatchBody,
        response: { 200: companyDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.requireActor(request);
      const company = await updateOwnerCompany(
        app.db,
        actor,
        request.params.id,
        request.body.data.attributes,
      );
      return asDocument(companyDocumentSchema, documentOf(presentCompany(company)));
    },
  );
};

export default companyRoutes;
