import { idField, messageDocumentSchema, messageEditSchema } from '@dd/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { presentMessage } from '../../modules/chat/message-presenter.ts';
import { loadMessage } from '../../modules/chat/message-queries.ts';
import { deleteMessage, editMessage } from '../../modules/chat/message-service.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';

const idParams = z.object({ id: idField });
const editBody = z.object({
  data: z.object({
    type: z.literal('message').optional(),
    id: z.string().max(20).optional(),
    attributes: messageEditSchema,
  }),
});

/**
 * A message and its project, authorized to read before anything else is said: an unknown id and a
 * message of a project the caller may not read answer alike (the errors plugin turns a client's
 * "not found" into "not yours").
 */
async function loadReadable(app: FastifyInstance, request: FastifyRequest, id: number) {
  app.requireActor(request);
  const message = await loadMessage(app.db, id);
  const project = await loadProjectRef(app.db, message.projectId);
  const actor = app.authorize(request, 'project:chat-read', project);
  return { message, project, actor };
}

/** One chat message: its author edits it (15 minutes) or deletes it; admins delete any. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/message/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Edit one’s own message, within 15 minutes of posting it',
        params: idParams,
        body: editBody,
        response: { 200: messageDocumentSchema },
      },
    },
    async (request) => {
      const { message, project } = await loadReadable(app, request, request.params.id);
      const actor = app.authorize(request, 'project:chat-post', project);
      const row = await editMessage(app.db, message, {
        actorId: actor.id,
        body: request.body.data.attributes.body,
        now: app.config.now(),
      });
      return asDocument(messageDocumentSchema, documentOf(presentMessage(row)));
    },
  );

  app.delete(
    '/message/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Delete a message (its author, or an admin); it stays as "message deleted"',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { message, project, actor } = await loadReadable(app, request, request.params.id);
      // The author deletes their own; anyone else's needs an admin.
      app.authorize(
        request,
        message.authorId === actor.id ? 'project:chat-post' : 'project:chat-moderate',
        project,
      );
      await deleteMessage(app.db, message, app.config.now());
      return reply.status(204).send();
    },
  );
};

export default messageRoutes;
