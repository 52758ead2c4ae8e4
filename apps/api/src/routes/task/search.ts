import { taskListDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { TASK_INCLUDES, taskIncluded } from '../../modules/board/task-included.ts';
import { presentTask } from '../../modules/board/task-presenter.ts';
import { listProjectTasks } from '../../modules/board/task-queries.ts';
import { authorizeBoard, listQuery, projectIdFilter } from '../board-access.ts';

/** A project's whole task board (docs/product.md §A7), in column order. */
const taskSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/task/search',
    {
      schema: {
        tags: ['board'],
        summary: 'Every task of a project in column order (filter project.id; include owner,requester,tag)',
        response: { 200: taskListDocumentSchema },
        querystring: listQuery,
      },
    },
    async (request) => {
      const { id, include } = projectIdFilter(request.query, request.actor, TASK_INCLUDES);
      await authorizeBoard(app, request, id);
      const list = await listProjectTasks(app.db, id);
      return asDocument(
        taskListDocumentSchema,
        documentOf(list.map(presentTask), await taskIncluded(app.db, list, include), {
          'page-count': list.length > 0 ? 1 : 0,
          total: list.length,
        }),
      );
    },
  );
};

export default taskSearchRoutes;
