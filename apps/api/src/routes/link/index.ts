import { linkCreateSchema, linkDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { presentLink } from '../../modules/links/link-presenter.ts';
import { createLink } from '../../modules/links/project-links.ts';

const createBody = z.object({ data: z.object({ type: z.literal('link'), attributes: linkCreateSchema }) });

/** Project specification links (docs/product.md §C5, §C7): create, then attach to the project (routes/project/link.ts). */
const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/link/create',
    {
      schema: {
        tags: ['link'],
        summary: "Create a link ('Url is not a valid URL.' when invalid)",
        response: { 201: linkDocumentSchema },
        body: createBody,
      },
    },
    async (request, reply) => {
      const actor = app.requireActor(request);
      const link = await createLink(app.db, request.body.data.attributes, actor.id);
      return reply.status(201).send(asDocument(linkDocumentSchema, documentOf(presentLink(link))));
    },
  );
};

export default linkRoutes;
