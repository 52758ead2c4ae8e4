import { idField } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachLinks, detachLink } from '../../modules/links/project-links.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const idParams = z.object({ id: idField });
const linkParams = z.object({
  id: idField,
  linkId: idField,
});
const attachBody = z.object({
  data: z.array(z.object({ type: z.literal('link'), id: idField })).max(50),
});

/** A project's specification links (docs/product.md §C5, §C7): attach links made by POST /link/create, remove one. */
const projectLinkRoutes: FastifyPluginAsyncZod = async (app) => {
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

export default projectLinkRoutes;
