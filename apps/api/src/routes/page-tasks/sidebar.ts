import { idField, sidebarDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf, Included, refs } from '../../lib/jsonapi/document.ts';
import { projectUsers } from '../../modules/board/project-users.ts';
import { sidebarCounts } from '../../modules/board/sidebar.ts';
import { presentUser } from '../../modules/users/user-presenter.ts';
import { authorizeBoard } from '../board-access.ts';

const sidebarQuery = z.object({ project_id: idField });

/**
 * GET /page-tasks/sidebar?project_id= (docs/product.md §A3, §A7): the sidebar counts, and the project's people (the
 * owner and requester choices of the task modal) as the project-user relationship.
 */
const sidebarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/page-tasks/sidebar',
    {
      schema: {
        tags: ['board'],
        summary: 'Task board sidebar counts and project users',
        querystring: sidebarQuery,
        response: { 200: sidebarDocumentSchema },
      },
    },
    async (request) => {
      const { actor, project } = await authorizeBoard(app, request, request.query.project_id);
      const counts = await sidebarCounts(app.db, project.id, actor.id);
      const people = await projectUsers(app.db, project.id);
      const included = new Included();
      included.addAll(people.map((u) => presentUser(u)));
      return asDocument(
        sidebarDocumentSchema,
        documentOf(
          {
            type: 'page-tasks-sidebar',
            id: String(project.id),
            attributes: {
              'done-task': counts.doneTask,
              'project-user': counts.projectUser,
              'own-task': counts.ownTask,
              'new-task': counts.newTask,
              'dev-roadblock': counts.devRoadblock,
              'client-roadblock': counts.clientRoadblock,
            },
            relationships: {
              'project-users': {
                data: refs(
                  'user',
                  people.map((u) => u.id),
                ),
              },
            },
          },
          included,
        ),
      );
    },
  );
};

export default sidebarRoutes;
