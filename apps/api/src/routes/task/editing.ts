import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadTask } from '../../modules/board/task-queries.ts';
import { publishEditing } from '../../modules/events/publish-event.ts';
import { authorizeBoard, idParams } from '../board-access.ts';

/** Who has a task open (docs/product.md §A7): a live presence event, nothing stored. */
const taskEditingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/task/:id/editing',
    {
      schema: {
        tags: ['board'],
        summary: 'Presence: the caller has this task open for editing (repeat every ~10 s while open)',
        params: idParams,
      },
    },
    async (request, reply) => {
      app.authorize(request, 'board:use');
      const task = await loadTask(app.db, request.params.id);
      const { actor } = await authorizeBoard(app, request, task.projectId);
      await publishEditing(app.db, { taskId: task.id, projectId: task.projectId, userId: actor.id });
      return reply.status(204).send();
    },
  );
};

export default taskEditingRoutes;
