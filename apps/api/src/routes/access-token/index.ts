import {
  accessTokenCreateSchema,
  accessTokenListDocumentSchema,
  accessTokenWithSecretDocumentSchema,
  can,
  idField,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import {
  createAccessToken,
  listAccessTokens,
  presentAccessToken,
  revokeAccessToken,
} from '../../modules/access-tokens/access-tokens.ts';

const searchQuery = z.object({
  filter: z
    .object({
      user_id: z
        .string()
        .regex(/^(all|[1-9][0-9]{0,9})$/, "A user id or 'all'")
        .optional()
        .describe("admins: one user's tokens, or 'all' for everyone's (default: the caller's own)"),
    })
    .optional(),
});

/**
 * Personal access tokens (ADR 0052): each user makes named tokens for integrations, sees and revokes
 * their own; admins see and revoke everyone's. A token cannot manage tokens (`sessionOnly`).
 */
const accessTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/access-token',
    {
      schema: {
        tags: ['access-token'],
        summary: 'Create a personal access token; its secret (`token`) is in this answer only',
        body: accessTokenCreateSchema,
        response: { 201: accessTokenWithSecretDocumentSchema },
      },
      config: { sessionOnly: true },
    },
    async (request, reply) => {
      const actor = app.authorize(request, 'access-token:use');
      const { name, scope, 'expires-at': expiresAt } = request.body.data.attributes;
      const { row, token } = await createAccessToken(app.db, {
        userId: actor.id,
        name,
        scope,
        expiresAt: new Date(expiresAt),
        now: app.config.now(),
      });
      const resource = presentAccessToken(row);
      return reply
        .status(201)
        .send(
          asDocument(
            accessTokenWithSecretDocumentSchema,
            documentOf({ ...resource, attributes: { ...resource.attributes, token } }),
          ),
        );
    },
  );

  app.get(
    '/access-token/search',
    {
      schema: {
        tags: ['access-token'],
        summary: "The caller's tokens that still work (admins: filter[user_id]=N or all)",
        querystring: searchQuery,
        response: { 200: accessTokenListDocumentSchema },
      },
      config: { sessionOnly: true },
    },
    async (request) => {
      const actor = app.authorize(request, 'access-token:use');
      const wanted = request.query.filter?.user_id;
      if (wanted !== undefined && Number(wanted) !== actor.id)
        app.authorize(request, 'access-token:manage-all');
      const userId = wanted === undefined ? actor.id : wanted === 'all' ? null : Number(wanted);
      const rows = await listAccessTokens(app.db, { userId, now: app.config.now() });
      return asDocument(accessTokenListDocumentSchema, documentOf(rows.map(presentAccessToken)));
    },
  );

  app.delete(
    '/access-token/:id',
    {
      schema: {
        tags: ['access-token'],
        summary: 'Revoke a token: it answers 401 from the next request on, in every process',
        params: z.object({ id: idField }),
      },
      config: { sessionOnly: true },
    },
    async (request, reply) => {
      const actor = app.authorize(request, 'access-token:use');
      const anyOwner = can(actor, 'access-token:manage-all');
      await revokeAccessToken(app.db, {
        id: Number(request.params.id),
        ownerId: anyOwner ? null : actor.id,
        now: app.config.now(),
      });
      return reply.status(204).send();
    },
  );
};

export default accessTokenRoutes;
