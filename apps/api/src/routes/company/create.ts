import { adminCompanyDocumentSchema, adminCreateCompanySchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { createCompany } from '../../modules/admin-forms/create-company.ts';
import { getCompany } from '../../modules/admin-lists/company-search.ts';

const createBody = z.object({
  data: z.object({ type: z.literal('company').optional(), attributes: adminCreateCompanySchema }),
});

const companyCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/company/create',
    {
      schema: {
        tags: ['company'],
        summary: 'Create a company (admin-level)',
        body: createBody,
        response: { 201: adminCompanyDocumentSchema },
      },
    },
    async (request, reply) => {
      app.authorize(request, 'admin:access');
      const { id } = await createCompany(app.db, request.body.data.attributes);
      return reply.code(201).send(asDocument(adminCompanyDocumentSchema, await getCompany(app.db, id, [])));
    },
  );
};

export default companyCreateRoutes;
