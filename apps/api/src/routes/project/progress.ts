import { activeSprint, idField, projectProgressDocumentSchema, SPRINT_STATUS, TASK_STATUS } from '@dd/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tasks } from '../../db/schema/index.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { listSprints } from '../../modules/board/sprint-service.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const idParams = z.object({ id: idField });

/**
 * The client-safe progress of a project (docs/product.md §F5): counts only, from the board's data, for anyone
 * who may read the project. The current sprint is the newest started one; nothing internal (titles,
 * owners, estimates, comments) leaves the board.
 */
const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/:id/progress',
    {
      schema: {
        tags: ['project'],
        summary: "Counts of the current sprint's tasks: total, delivered, accepted (no task details)",
        params: idParams,
        response: { 200: projectProgressDocumentSchema },
      },
    },
    async (request) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      app.authorize(request, 'project:read', ref);
      const sprints = await listSprints(app.db, ref.id);
      const current = activeSprint(
        sprints
          .filter((s) => s.sprintStatusId === SPRINT_STATUS.started)
          .map((s) => ({ ...s, statusId: s.sprintStatusId })),
      );
      const counts = { total: 0, delivered: 0, accepted: 0 };
      if (current) {
        const rows = await app.db
          .select({ statusId: tasks.taskStatusId, n: sql<number>`count(*)::int` })
          .from(tasks)
          .where(and(eq(tasks.projectId, ref.id), eq(tasks.sprintId, current.id)))
          .groupBy(tasks.taskStatusId);
        for (const row of rows) {
          const n = Number(row.n);
          counts.total += n;
          if (row.statusId === TASK_STATUS.delivered) counts.delivered += n;
          if (row.statusId === TASK_STATUS.accepted) counts.accepted += n;
        }
      }
      return asDocument(
        projectProgressDocumentSchema,
        documentOf({
          type: 'project-progress',
          id: String(ref.id),
          attributes: {
            'sprint-started': current?.startedAt?.toISOString() ?? null,
            total: counts.total,
            delivered: counts.delivered,
            accepted: counts.accepted,
          },
        }),
      );
    },
  );
};

export default progressRoutes;
