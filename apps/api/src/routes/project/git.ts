import {
  gitActivityDocumentSchema,
  idField,
  repositoryCreateSchema,
  repositoryListDocumentSchema,
  repositoryWithSecretDocumentSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf, Included } from '../../lib/jsonapi/document.ts';
import { readGitActivity } from '../../modules/git/activity.ts';
import {
  presentCommit,
  presentPullRequest,
  presentRepository,
  presentRepositoryWithSecret,
} from '../../modules/git/presenters.ts';
import {
  connectRepository,
  listConnectedRepositories,
  loadGitProjectRef,
} from '../../modules/git/repositories.ts';

const idParams = z.object({ id: idField });
const ACTIVITY_SIZE = 20;
const activityQuery = z.object({
  page: z
    .object({ size: z.coerce.number().int().min(1).max(100).default(ACTIVITY_SIZE) })
    .default({ size: ACTIVITY_SIZE }),
  filter: z.object({ task: idField.optional() }).optional(),
});

/** A project's repositories and their activity (the Git tab; docs/adr/0023-webhooks.md). */
const projectGitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/:id/repositories',
    {
      schema: {
        tags: ['git'],
        summary: "The project's connected repositories (never their secrets)",
        params: idParams,
        response: { 200: repositoryListDocumentSchema },
      },
    },
    async (request) => {
      const ref = await loadGitProjectRef(app.db, request.params.id);
      app.authorize(request, 'project:git-read', ref);
      const rows = await listConnectedRepositories(app.db, ref.id);
      return asDocument(repositoryListDocumentSchema, documentOf(rows.map(presentRepository)));
    },
  );

  app.post(
    '/project/:id/repositories',
    {
      schema: {
        tags: ['git'],
        summary: 'Connect a repository: the answer carries its webhook URL and secret, shown this once',
        description: '409 when the repository is connected to a project already (this one or another).',
        params: idParams,
        body: repositoryCreateSchema,
        response: { 201: repositoryWithSecretDocumentSchema },
      },
      // Refused callers get 401/403 before the body is looked at, never a 422.
      preValidation: async (request) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) return;
        app.authorize(request, 'project:git-manage', await loadGitProjectRef(app.db, params.data.id));
      },
    },
    async (request, reply) => {
      const ref = await loadGitProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:git-manage', ref);
      const { repository, secret } = await connectRepository(app.db, {
        ...request.body.data.attributes,
        projectId: ref.id,
        actorId: actor.id,
        appSecret: app.appSecret,
        now: app.config.now(),
      });
      const resource = presentRepositoryWithSecret(repository, secret, app.config.publicUrl);
      return reply.status(201).send(asDocument(repositoryWithSecretDocumentSchema, documentOf(resource)));
    },
  );

  app.get(
    '/project/:id/git-activity',
    {
      schema: {
        tags: ['git'],
        summary:
          'The newest commits and pull/merge requests of the project (page[size] of each, 20; filter[task] for one task), their repositories included',
        params: idParams,
        querystring: activityQuery,
        response: { 200: gitActivityDocumentSchema },
      },
    },
    async (request) => {
      const ref = await loadGitProjectRef(app.db, request.params.id);
      app.authorize(request, 'project:git-read', ref);
      const activity = await readGitActivity(app.db, ref.id, {
        size: request.query.page.size,
        taskId: request.query.filter?.task,
      });
      const included = new Included();
      included.addAll(activity.repositories.map(presentRepository));
      const data = [...activity.commits.map(presentCommit), ...activity.requests.map(presentPullRequest)];
      return asDocument(gitActivityDocumentSchema, documentOf(data, included));
    },
  );
};

export default projectGitRoutes;
