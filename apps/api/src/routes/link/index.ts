import { idField, linkCreateSchema, linkDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { presentLink } from '../../modules/links/link-presenter.ts';
import { attachLinks, createLink, detachLink } from '../../modules/links/project-links.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const idParams = z.object({ id: idField });
const linkParams = z.object({
  id: idField,
  linkId: idField,
});
const createBody = z.object({ data: z.object({ type: z.literal('link'), attributes: linkCreateSchema }) });
const attachBody = z.object({
  data: z.array(z.object({ type: z.literal('link'), id: idField })).max(50),
});

/** Project specification links (docs/product.md §C5, §C7): create, then attach to the project. */
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

  app.post(
    '/project/:id/relationships/link',
    { schema: { tags: ['link'], summary: 'Attach links to a project', params: idParams, body: attachBody } },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:attach', ref);
      await attachLinks(
        app.db,
        ref.id,
        request.body.data.map((d) => d.id),
        actor.id,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/project/:id/link/:linkId',
    { schema: { tags: ['link'], summary: 'Remove a link from a project', params: linkParams } },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      app.authorize(request, 'project:delete-attachment', ref);
      await detachLink(app.db, ref.id, request.params.linkId);
      return reply.status(204).send();
    },
  );
};

export default linkRoutes;
