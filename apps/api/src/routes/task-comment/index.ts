import { commentCreateSchema, taskCommentDocumentSchema, taskCommentListDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { presentComment } from '../../modules/board/comment-presenter.ts';
import { addComment, listComments } from '../../modules/board/comment-service.ts';
import { loadTask } from '../../modules/board/task-queries.ts';
import { authorizeBoard, listQuery, projectIdFilter } from '../board-access.ts';

const createBody = z.object({
  data: z.object({ type: z.literal('task-comment'), attributes: commentCreateSchema }),
});

/** The task modal's Comments tab (docs/product.md §A7; docs/product.md does not show it): list and add. */
const taskCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/task-comment/search',
    {
      schema: {
        tags: ['board'],
        summary: 'Comments of a task, oldest first (filter task.id)',
        response: { 200: taskCommentListDocumentSchema },
        querystring: listQuery,
      },
    },
    async (request) => {
      app.authorize(request, 'board:use');
      const { id } = projectIdFilter(request.query, request.actor, ['author'], 'task.id');
      const task = await loadTask(app.db, id);
      await authorizeBoard(app, request, task.projectId);
      const list = await listComments(app.db, task.id);
      return asDocument(
        taskCommentListDocumentSchema,
        documentOf(list.map(presentComment), undefined, {
          'page-count': list.length > 0 ? 1 : 0,
          total: list.length,
        }),
      );
    },
  );

  app.post(
    '/task-comment/create',
    {
      schema: {
        tags: ['board'],
        summary: 'Add a comment to a task as the signed-in user',
        body: createBody,
        response: { 201: taskCommentDocumentSchema },
      },
    },
    async (request, reply) => {
      app.authorize(request, 'board:use');
      const { body, task_id } = request.body.data.attributes;
      const task = await loadTask(app.db, task_id);
      const { actor } = await authorizeBoard(app, request, task.projectId);
      const comment = await addComment(app.db, task, body, { actorId: actor.id, now: app.config.now() });
      return reply
        .status(201)
        .send(asDocument(taskCommentDocumentSchema, documentOf(presentComment(comment))));
    },
  );
};

export default taskCommentRoutes;
