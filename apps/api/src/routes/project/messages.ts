import {
  idField,
  MESSAGE_PAGE_MAX,
  MESSAGE_PAGE_SIZE,
  messageDocumentSchema,
  messageListDocumentSchema,
  messagePostSchema,
  messageReadDocumentSchema,
  messageReadSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf, JSON_API } from '../../lib/jsonapi/document.ts';
import {
  chatPageRead,
  listAnswer,
  newestPageText,
  pageText,
  parseChatPageRead,
} from '../../modules/chat/chat-page.ts';
import { presentMessage } from '../../modules/chat/message-presenter.ts';
import { listMessages, readState } from '../../modules/chat/message-queries.ts';
import { markRead, postMessage } from '../../modules/chat/message-service.ts';
import { publishTyping } from '../../modules/chat/typing.ts';
import { loadProjectRef, projectRefRead } from '../../modules/projects/load-project.ts';
import { MESSAGE_LIST_QUERY_DOC } from '../message/list-query-doc.ts';
import { chatPostLimit, chatPostLimitOf } from '../message/post-limit.ts';

const idParams = z.object({ id: idField });
const listQuery = z.object({
  page: z
    .object({
      before: idField.optional(),
      after: idField.optional(),
      size: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).optional(),
    })
    .optional(),
  filter: z.object({ q: z.string().trim().min(1).max(200).optional() }).optional(),
});
const postBody = z.object({
  data: z.object({ type: z.literal('message').optional(), attributes: messagePostSchema }),
});
const readBody = z.object({
  data: z.object({ type: z.literal('message-read').optional(), attributes: messageReadSchema }),
});

/** A project's chat (docs/adr/0022-project-chat.md): read a page, search, post, mark read, typing. */
const projectMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const postLimit = chatPostLimit(app);

  app.get(
    '/project/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary:
          "A page of a project's messages, newest first (keyset: page[before]/page[after]; search: filter[q])",
        params: idParams,
        querystring: listQuery,
        response: { 200: messageListDocumentSchema },
      },
      config: { openapiQuery: MESSAGE_LIST_QUERY_DOC, sessionRead: chatPageRead },
    },
    async (request, reply) => {
      // With a session, the project, the reader's marker and count, and the newest page's version come
      // in the auth statement (ADR 0028); without (a missing project: the 404 below), they are read here.
      const read = request.sessionRead ? parseChatPageRead(request.sessionRead) : null;
      const project = read ? read.ref : await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:chat-read', project);
      const { page, filter } = request.query;
      const query = {
        projectId: project.id,
        size: page?.size ?? MESSAGE_PAGE_SIZE,
        before: page?.before,
        after: page?.before === undefined ? page?.after : undefined,
        q: filter?.q,
      };
      const newest = query.before === undefined && query.after === undefined && query.q === undefined;
      if (read && newest) {
        // The newest page, kept as answered text while the project's version holds (chat-page.ts); the
        // reader's own marker and count are written around it. In tests the response check parses it.
        const text = await newestPageText(
          app.db,
          {
            projectId: project.id,
            size: query.size,
            version: read.version,
            listsVersion: request.versions?.['admin-lists'],
            now: app.config.now(),
          },
          async () => pageText(await listMessages(app.db, query)),
        );
        return reply.type(JSON_API).send(listAnswer(text, read.state) as never);
      }
      const [list, state] = await Promise.all([
        listMessages(app.db, query),
        read ? read.state : readState(app.db, actor.id, project.id),
      ]);
      return asDocument(
        messageListDocumentSchema,
        documentOf(list.rows.map(presentMessage), undefined, {
          'last-read-id': state.lastReadId,
          unread: state.unread,
          'has-more': list.hasMore,
        }),
      );
    },
  );

  app.post(
    '/project/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: "Post a message in a project's chat as the signed-in user (markdown; optional reply-to)",
        params: idParams,
        body: postBody,
        response: { 201: messageDocumentSchema },
      },
      config: { sessionRead: projectRefRead },
      preHandler: postLimit,
    },
    async (request, reply) => {
      const project = await loadProjectRef(app.db, request.params.id, request.sessionRead);
      const actor = app.authorize(request, 'project:chat-post', project);
      const { body, 'reply-to': replyTo, files } = request.body.data.attributes;
      const row = await postMessage(app.db, {
        projectId: project.id,
        authorId: actor.id,
        body,
        replyTo: replyTo ?? null,
        files,
        now: app.config.now(),
        limit: chatPostLimitOf(request),
      });
      return reply.status(201).send(asDocument(messageDocumentSchema, documentOf(presentMessage(row))));
    },
  );

  app.post(
    '/project/:id/messages/read',
    {
      schema: {
        tags: ['chat'],
        summary: 'Move the reader’s marker forward to the newest message they have seen',
        params: idParams,
        body: readBody,
        response: { 200: messageReadDocumentSchema },
      },
    },
    async (request) => {
      const project = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:chat-read', project);
      const state = await markRead(app.db, {
        userId: actor.id,
        projectId: project.id,
        lastReadId: request.body.data.attributes['last-read-id'],
        now: app.config.now(),
      });
      return asDocument(
        messageReadDocumentSchema,
        documentOf(null, undefined, { 'last-read-id': state.lastReadId, unread: state.unread }),
      );
    },
  );

  app.post(
    '/project/:id/messages/typing',
    {
      schema: {
        tags: ['chat'],
        summary:
          "Announce that the signed-in user is typing in the project's chat (a live event, not stored)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const project = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:chat-post', project);
      await publishTyping(app.db, { projectId: project.id, userId: actor.id });
      return reply.status(204).send();
    },
  );
};

export default projectMessageRoutes;
