import { idField, repositoryWithSecretDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { presentRepositoryWithSecret } from '../../modules/git/presenters.ts';
import {
  disconnectRepository,
  loadConnectedRepository,
  loadGitProjectRef,
  rotateSecret,
} from '../../modules/git/repositories.ts';

const idParams = z.object({ id: idField });

/** One connected repository: disconnect it, or give its webhook a new secret (docs/adr/0023-webhooks.md). */
const repositoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (id: number) => {
    const repository = await loadConnectedRepository(app.db, id);
    return { repository, ref: await loadGitProjectRef(app.db, repository.projectId) };
  };

  app.delete(
    '/repository/:id',
    {
      schema: {
        tags: ['git'],
        summary: 'Disconnect a repository: its secret is removed, its past commits and requests stay',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { repository, ref } = await load(request.params.id);
      app.authorize(request, 'project:git-manage', ref);
      await disconnectRepository(app.db, repository, app.config.now());
      return reply.status(204).send();
    },
  );

  app.post(
    '/repository/:id/rotate-secret',
    {
      schema: {
        tags: ['git'],
        summary: 'A new webhook secret, shown this once; deliveries signed with the old one are refused',
        params: idParams,
        response: { 200: repositoryWithSecretDocumentSchema },
      },
    },
    async (request, reply) => {
      const { repository, ref } = await load(request.params.id);
      app.authorize(request, 'project:git-manage', ref);
      const rotated = await rotateSecret(app.db, repository, app.appSecret);
      const resource = presentRepositoryWithSecret(rotated.repository, rotated.secret, app.config.publicUrl);
      return reply.status(200).send(asDocument(repositoryWithSecretDocumentSchema, documentOf(resource)));
    },
  );
};

export default repositoryRoutes;
