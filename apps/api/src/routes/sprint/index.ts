import {
  sprintCreateSchema,
  sprintDocumentSchema,
  sprintListDocumentSchema,
  sprintPatchSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf, Included } from '../../lib/jsonapi/document.ts';
import { presentSprint } from '../../modules/board/sprint-presenter.ts';
import {
  changeSprintStatus,
  createSprint,
  listSprints,
  loadSprint,
} from '../../modules/board/sprint-service.ts';
import { presentTask } from '../../modules/board/task-presenter.ts';
import { listProjectTasks } from '../../modules/board/task-queries.ts';
import { authorizeBoard, idParams, listQuery, projectIdFilter } from '../board-access.ts';

const createBody = z.object({
  data: z.object({ type: z.literal('sprint'), attributes: sprintCreateSchema }),
});
const patchBody = z.object({
  data: z.object({
    type: z.literal('sprint'),
    id: z.coerce.string().optional(),
    attributes: sprintPatchSchema,
  }),
});

/** Sprints of the task board (docs/product.md §A4, §A7): list, create, start and finish. */
const sprintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sprint/search',
    {
      schema: {
        tags: ['board'],
        summary: 'Sprints of a project, newest first (filter project.id; include task,project; size 0)',
        response: { 200: sprintListDocumentSchema },
        querystring: listQuery,
      },
    },
    async (request) => {
      const { id, include } = projectIdFilter(request.query, request.actor, ['task', 'project']);
      await authorizeBoard(app, request, id);
      const sprints = await listSprints(app.db, id);
      const included = new Included();
      if (include.includes('task')) {
        const inSprint = new Set(sprints.flatMap((s) => s.taskIds));
        included.addAll(
          (await listProjectTasks(app.db, id)).filter((t) => inSprint.has(t.id)).map(presentTask),
        );
      }
      if (include.includes('project')) included.add({ type: 'project', id: String(id), attributes: {} });
      return asDocument(
        sprintListDocumentSchema,
        documentOf(
          sprints.map((s) => presentSprint(s, s.taskIds)),
          included,
          { 'page-count': sprints.length > 0 ? 1 : 0, total: sprints.length },
        ),
      );
    },
  );

  app.post(
    '/sprint/create',
    {
      schema: {
        tags: ['board'],
        summary: 'Create a sprint, without a start (docs/product.md §A4)',
        body: createBody,
        response: { 201: sprintDocumentSchema },
      },
    },
    async (request, reply) => {
      const { actor, project } = await authorizeBoard(app, request, request.body.data.attributes.project_id);
      const sprint = await createSprint(app.db, project.id, actor.id, app.config.now());
      return reply.status(201).send(asDocument(sprintDocumentSchema, documentOf(presentSprint(sprint, []))));
    },
  );

  app.patch(
    '/sprint/:id',
    {
      schema: {
        tags: ['board'],
        summary:
          'Start (sprint-status-id 2) or finish (3) a sprint; unfinished tasks go to the next sprint or New Tasks',
        params: idParams,
        body: patchBody,
        response: { 200: sprintDocumentSchema },
      },
    },
    async (request) => {
      app.authorize(request, 'board:use');
      const sprint = await loadSprint(app.db, request.params.id);
      const { actor } = await authorizeBoard(app, request, sprint.projectId);
      const attrs = request.body.data.attributes;
      const changed = await changeSprintStatus(app.db, sprint, {
        statusId: attrs['sprint-status-id'],
        unfinished: attrs['unfinished-tasks'],
        actorId: actor.id,
        now: app.config.now(),
      });
      const all = await listSprints(app.db, sprint.projectId);
      return asDocument(
        sprintDocumentSchema,
        documentOf(presentSprint(changed, all.find((s) => s.id === changed.id)?.taskIds ?? [])),
      );
    },
  );
};

export default sprintRoutes;
