import {
  cappedText,
  TEXT_MAX,
  taskAttributesSchema,
  taskDocumentSchema,
  taskRelationshipsSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { TASK_INCLUDES, taskIncluded } from '../../modules/board/task-included.ts';
import { presentTask } from '../../modules/board/task-presenter.ts';
import { loadTaskWithProject } from '../../modules/board/task-queries.ts';
import { createTask, updateTask } from '../../modules/board/task-service.ts';
import { authorizeBoard, authorizeBoardProject, idParams, parseIncludes } from '../board-access.ts';

const taskBody = z.object({
  data: z.object({
    type: z.literal('task'),
    id: z.coerce.string().optional(),
    attributes: taskAttributesSchema.default({}),
    relationships: taskRelationshipsSchema,
  }),
});
const includeQuery = z.object({ include: cappedText(TEXT_MAX.query).optional() });

/**
 * Tasks of the task board (docs/product.md §A7): read, create (POST /task/create, our path) and PATCH; the list is
 * task/search.ts, presence task/editing.ts, the product owner's decisions task/decisions.ts.
 */
const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/task/:id',
    {
      schema: {
        tags: ['board'],
        summary: 'One task',
        params: idParams,
        querystring: includeQuery,
        response: { 200: taskDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'board:use');
      const include = parseIncludes(request.query.include, TASK_INCLUDES);
      const { task, project } = await loadTaskWithProject(app.db, request.params.id);
      authorizeBoardProject(app, request, project);
      return asDocument(
        taskDocumentSchema,
        documentOf(presentTask(task), await taskIncluded(app.db, [task], include)),
      );
    },
  );

  app.post(
    '/task/create',
    {
      schema: {
        tags: ['board'],
        summary: 'Create a task (relationships project required; sprint null = New Tasks)',
        response: { 201: taskDocumentSchema },
        body: taskBody,
      },
    },
    async (request, reply) => {
      app.authorize(request, 'board:use');
      const { attributes, relationships } = request.body.data;
      const projectId = relationships.project?.data?.id;
      if (!projectId)
        throw new AppError('unprocessable', {
          title: 'Project is required',
          pointer: '/data/relationships/project',
        });
      const { actor } = await authorizeBoard(app, request, projectId);
      const task = await createTask(app.db, {
        projectId,
        actorId: actor.id,
        now: app.config.now(),
        attrs: attributes,
        rels: relationships,
      });
      return reply
        .status(201)
        .send(
          asDocument(
            taskDocumentSchema,
            documentOf(presentTask(task), await taskIncluded(app.db, [task], [...TASK_INCLUDES])),
          ),
        );
    },
  );

  app.patch(
    '/task/:id',
    {
      schema: {
        tags: ['board'],
        summary:
          'Change a task: fields, status (one offered action, inside a started sprint), sprint, position',
        params: idParams,
        body: taskBody,
        response: { 200: taskDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'board:use');
      // The task and its project's owner and clients in one statement, as the GET reads them: a move
      // is the mixed bench's dearest write (docs/adr/0032).
      const { task, project } = await loadTaskWithProject(app.db, request.params.id);
      const actor = authorizeBoardProject(app, request, project);
      const { attributes, relationships } = request.body.data;
      const updated = await updateTask(app.db, task, {
        projectId: task.projectId,
        actorId: actor.id,
        now: app.config.now(),
        attrs: attributes,
        rels: relationships,
      });
      return asDocument(
        taskDocumentSchema,
        documentOf(presentTask(updated), await taskIncluded(app.db, [updated], [...TASK_INCLUDES])),
      );
    },
  );
};

export default taskRoutes;
