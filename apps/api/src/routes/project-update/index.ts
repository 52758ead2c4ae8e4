import {
  type Actor,
  can,
  idField,
  projectUpdateDocumentSchema,
  projectUpdateListDocumentSchema,
  projectUpdatePostSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { invalidProjectId, parseListQuery } from '../../lib/jsonapi/query.ts';
import {
  postProjectUpdate,
  presentProjectUpdate,
  searchProjectUpdates,
} from '../../modules/project-updates/project-updates.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const postBody = z.object({
  data: z.object({ type: z.literal('project-update').optional(), attributes: projectUpdatePostSchema }),
});

const LIST_RULES = {
  filters: { project_id: ['='] },
  sorts: ['created'],
  includes: ['reporter'],
  defaultSort: '-created',
  allowUnlimited: true,
} as const;

/**
 * The spec's client sends filter[project_id]=N; the house list format is filter[i][0..2]. Both are read:
 * the keyed form is turned into the triple form before the usual allow-listed parsing.
 */
function normalizeFilter(
  query: Record<string, unknown>,
  viewer: Actor,
): {
  rest: Record<string, unknown>;
  projectId: number;
} {
  const filter = query.filter as Record<string, unknown> | undefined;
  let projectId: unknown;
  const rest = { ...query };
  if (filter && typeof filter === 'object' && 'project_id' in filter) {
    projectId = filter.project_id;
    delete rest.filter;
  } else {
    const parsed = parseListQuery(
      query,
      {
        ...LIST_RULES,
        sorts: [...LIST_RULES.sorts],
        includes: [...LIST_RULES.includes],
      },
      viewer,
    );
    projectId = parsed.filters.find((f) => f.field === 'project_id')?.value;
    delete rest.filter;
  }
  const id = idField.safeParse(projectId);
  if (!id.success)
    throw new AppError('bad_request', {
      // Given but not a record id (out of range, not a number): say which value, not "required".
      title:
        projectId === undefined || projectId === ''
          ? 'filter[project_id] is required'
          : invalidProjectId(projectId),
      parameter: 'filter[project_id]',
    });
  return { rest, projectId: id.data };
}

/** The updates feed on the project page (docs/product.md §C2, §C5, §C7). */
const projectUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project-update/search',
    {
      schema: {
        tags: ['project-update'],
        summary: "A project's updates (filter[project_id] required)",
        response: { 200: projectUpdateListDocumentSchema },
      },
    },
    async (request) => {
      const { rest, projectId } = normalizeFilter(request.query as Record<string, unknown>, request.actor);
      const list = parseListQuery(
        rest,
        {
          ...LIST_RULES,
          sorts: [...LIST_RULES.sorts],
          includes: [...LIST_RULES.includes],
        },
        request.actor,
      );
      const ref = await loadProjectRef(app.db, projectId);
      const actor = app.authorize(request, 'project:read', ref);
      return asDocument(
        projectUpdateListDocumentSchema,
        await searchProjectUpdates(app.db, {
          projectId,
          newestFirst: list.sort[0]?.desc ?? true,
          page: list.page,
          size: list.size,
          includeReporter: list.include.includes('reporter'),
          hideContacts: !can(actor, 'project:see-contacts', ref),
        }),
      );
    },
  );

  app.post(
    '/project-update/post',
    {
      schema: {
        tags: ['project-update'],
        summary: 'Post a daily update (the reporter is the caller)',
        response: { 201: projectUpdateDocumentSchema },
        body: postBody,
      },
    },
    async (request, reply) => {
      const { title, project_id, description } = request.body.data.attributes;
      const ref = await loadProjectRef(app.db, project_id);
      const actor = app.authorize(request, 'project:post-update', ref);
      const row = await postProjectUpdate(app.db, {
        projectId: ref.id,
        title,
        description,
        reporterUserId: actor.id,
      });
      return reply
        .status(201)
        .send(asDocument(projectUpdateDocumentSchema, documentOf(presentProjectUpdate(row))));
    },
  );
};

export default projectUpdateRoutes;
