import { idField, projectHistoryDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { listHistory } from '../../modules/board/history.ts';
import { presentHistoryEntry } from '../../modules/board/history-presenter.ts';
import { authorizeBoard } from '../board-access.ts';

export const HISTORY_PAGE_SIZE = 15;
const historyQuery = z.object({
  project_id: idField,
  page: z
    .object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      size: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
    })
    .default({ page: 1, size: HISTORY_PAGE_SIZE }),
});

/** Project history (docs/product.md §A7): every change to sprints and tasks, who, what and when, newest first, paged. */
const projectHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project-history/search',
    {
      schema: {
        tags: ['board'],
        summary: 'Project history, newest first (project_id; page[page], page[size] 15)',
        querystring: historyQuery,
        response: { 200: projectHistoryDocumentSchema },
      },
    },
    async (request) => {
      const { project } = await authorizeBoard(app, request, request.query.project_id);
      const { page, size } = request.query.page;
      const { rows, total, pageCount } = await listHistory(app.db, project.id, page, size);
      return asDocument(
        projectHistoryDocumentSchema,
        documentOf(rows.map(presentHistoryEntry), undefined, { 'page-count': pageCount, total }),
      );
    },
  );
};

export default projectHistoryRoutes;
