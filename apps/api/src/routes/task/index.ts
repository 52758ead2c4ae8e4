import {
  cappedText,
  TEXT_MAX,
  taskAttributesSchema,
  taskDocumentSchema,
  taskListDocumentSchema,
  taskRelationshipsSchema,
} from '@dd/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tags, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { asDocument, documentOf, Included } from '../../lib/jsonapi/document.ts';
import { presentTag } from '../../modules/board/tag-presenter.ts';
import { presentTask } from '../../modules/board/task-presenter.ts';
import {
  listProjectTasks,
  loadTask,
  loadTaskWithProject,
  type TaskWithTags,
} from '../../modules/board/task-queries.ts';
import { createTask, updateTask } from '../../modules/board/task-service.ts';
import { publishEditing } from '../../modules/events/publish-event.ts';
import { presentableUserColumns, presentUser } from '../../modules/users/user-presenter.ts';
import {
  authorizeBoard,
  authorizeBoardProject,
  idParams,
  listQuery,
  parseIncludes,
  projectIdFilter,
} from '../board-access.ts';

const TASK_INCLUDES = ['owner', 'requester', 'tag'] as const;
const taskBody = z.object({
  data: z.object({
    type: z.literal('task'),
    id: z.coerce.string().optional(),
    attributes: taskAttributesSchema.default({}),
    relationships: taskRelationshipsSchema,
  }),
});
const includeQuery = z.object({ include: cappedText(TEXT_MAX.query).optional() });

/** The related records a task list asked for (owner, requester, tag). */
async function includedFor(
  app: Parameters<FastifyPluginAsyncZod>[0],
  list: TaskWithTags[],
  include: string[],
) {
  const included = new Included();
  const userIds = new Set<number>();
  for (const t of list) {
    if (include.includes('owner') && t.ownerId) userIds.add(t.ownerId);
    if (include.includes('requester') && t.requesterId) userIds.add(t.requesterId);
  }
  if (userIds.size > 0) {
    const rows = await app.db
      .select(presentableUserColumns)
      .from(users)
      .where(inArray(users.id, [...userIds]));
    included.addAll(rows.map((u) => presentUser(u)));
  }
  const tagIds = [...new Set(list.flatMap((t) => t.tagIds))];
  if (include.includes('tag') && tagIds.length > 0)
    included.addAll((await app.db.select().from(tags).where(inArray(tags.id, tagIds))).map(presentTag));
  return included;
}

/** Tasks of the task board (docs/product.md §A7): list, read, create (POST /task/create, our path) and PATCH. */
const taskRoutes: FastifyPluginAsyncZod = async (app) => {
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
        documentOf(list.map(presentTask), await includedFor(app, list, include), {
          'page-count': list.length > 0 ? 1 : 0,
          total: list.length,
        }),
      );
    },
  );

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
        documentOf(presentTask(task), await includedFor(app, [task], include)),
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
            documentOf(presentTask(task), await includedFor(app, [task], [...TASK_INCLUDES])),
          ),
        );
    },
  );

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
      const task = await loadTask(app.db, request.params.id);
      const { actor } = await authorizeBoard(app, request, task.projectId);
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
        documentOf(presentTask(updated), await includedFor(app, [updated], [...TASK_INCLUDES])),
      );
    },
  );
};

export default taskRoutes;
