import { tagCreateSchema, tagDocumentSchema, tagListDocumentSchema, tagRenameSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { presentTag } from '../../modules/board/tag-presenter.ts';
import { createTag, deleteTag, listTags, loadTag, renameTag } from '../../modules/board/tag-service.ts';
import { authorizeBoard, idParams, listQuery, projectIdFilter } from '../board-access.ts';

const createBody = z.object({ data: z.object({ type: z.literal('tag'), attributes: tagCreateSchema }) });
const renameBody = z.object({
  data: z.object({ type: z.literal('tag'), id: z.coerce.string().optional(), attributes: tagRenameSchema }),
});

/** Tags of a project's board (docs/product.md §A3, §A7): search by project, create, rename, delete. */
const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tag/search',
    {
      schema: {
        tags: ['board'],
        summary: 'Tags of a project (filter project.id)',
        querystring: listQuery,
        response: { 200: tagListDocumentSchema },
      },
    },
    async (request) => {
      const { id } = projectIdFilter(request.query, request.actor, ['project']);
      await authorizeBoard(app, request, id);
      const list = await listTags(app.db, id);
      return asDocument(
        tagListDocumentSchema,
        documentOf(list.map(presentTag), undefined, {
          'page-count': list.length > 0 ? 1 : 0,
          total: list.length,
        }),
      );
    },
  );

  app.post(
    '/tag/create',
    {
      schema: {
        tags: ['board'],
        summary: "Create a tag ('This tag already exists' for a taken title)",
        body: createBody,
        response: { 201: tagDocumentSchema },
      },
    },
    async (request, reply) => {
      const { title, project_id } = request.body.data.attributes;
      const { actor, project } = await authorizeBoard(app, request, project_id);
      const tag = await createTag(app.db, project.id, title, { actorId: actor.id, now: app.config.now() });
      return reply.status(201).send(asDocument(tagDocumentSchema, documentOf(presentTag(tag))));
    },
  );

  app.patch(
    '/tag/:id',
    {
      schema: {
        tags: ['board'],
        summary: 'Rename a tag',
        params: idParams,
        body: renameBody,
        response: { 200: tagDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'board:use');
      const tag = await loadTag(app.db, request.params.id);
      const { actor } = await authorizeBoard(app, request, tag.projectId);
      const renamed = await renameTag(app.db, tag, request.body.data.attributes.title, {
        actorId: actor.id,
        now: app.config.now(),
      });
      return asDocument(tagDocumentSchema, documentOf(presentTag(renamed)));
    },
  );

  app.delete(
    '/tag/:id',
    { schema: { tags: ['board'], summary: 'Delete a tag; its tasks stay, without it', params: idParams } },
    async (request, reply) => {
      app.authorize(request, 'board:use');
      const tag = await loadTag(app.db, request.params.id);
      const { actor } = await authorizeBoard(app, request, tag.projectId);
      await deleteTag(app.db, tag, { actorId: actor.id, now: app.config.now() });
      return reply.status(204).send();
    },
  );
};

export default tagRoutes;
