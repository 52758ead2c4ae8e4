import {
  adminRelationshipsSchema,
  can,
  cappedText,
  editUserSchema,
  idField,
  mayReadContacts,
  ownPasswordSchema,
  TEXT_MAX,
  userDocumentSchema,
  userPasswordSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, attr, forbidden } from '../../lib/app-error.ts';
import { asDocument } from '../../lib/jsonapi/document.ts';
import { updateUser } from '../../modules/admin-forms/update-user.ts';
import { deactivateUser } from '../../modules/admin-lists/deactivate-user.ts';
import { verifyCurrentPassword } from '../../modules/auth/login.ts';
import { changeOwnPassword, changePasswordWithToken } from '../../modules/password-reset/change-password.ts';
import { invalidResetToken } from '../../modules/password-reset/reset-tokens.ts';
import { pendingMeta } from '../../modules/users/email-change-requests.ts';
import { getUserDocument, USER_INCLUDES } from '../../modules/users/get-user.ts';

const idParams = z.object({ id: idField });
const includeQuery = z.object({ include: cappedText(TEXT_MAX.query).optional() });

// PATCH /user/{id} carries two shapes (docs/product.md §A7 and the password flows): a password change, or the
// admin's edit-user attributes. The handler picks the schema by the presence of `password`.
const patchUserBody = z.object({
  data: z.object({
    type: z.literal('user').optional(),
    id: z.union([cappedText(TEXT_MAX.short), z.number()]).optional(),
    attributes: z.record(z.string(), z.unknown()),
    relationships: adminRelationshipsSchema,
  }),
});
const passwordAttributes = userPasswordSchema.extend({ token: z.string().trim().min(1).max(200).optional() });

/** Attribute validation inside the handler, answered like the route schemas answer (422 + pointers). */
function parseAttributes<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError(
    'unprocessable',
    result.error.issues.map((issue) => ({ title: issue.message, pointer: attr(issue.path.join('/')) })),
  );
}

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'One user',
        params: idParams,
        querystring: includeQuery,
        response: { 200: userDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.requireActor(request);
      const { id } = request.params;
      const self = actor.id === id;
      if (!self && !can(actor, 'user:read', { id })) throw forbidden();
      const include = request.query.include ? request.query.include.split(',') : [];
      for (const name of include) {
        if (!(USER_INCLUDES as readonly string[]).includes(name))
          throw new AppError('bad_request', {
            title: `Include '${name}' is not allowed`,
            parameter: 'include',
          });
      }
      return asDocument(
        userDocumentSchema,
        await getUserDocument(app.db, id, include, { hideContacts: !mayReadContacts(actor), self }),
      );
    },
  );

  app.patch(
    '/user/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Edit a user (admin-level), or set a new password (reset token or own session)',
        params: idParams,
        body: patchUserBody,
        response: { 200: userDocumentSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { id } = request.params;
      const { attributes, relationships } = request.body.data;
      if ('password' in attributes) {
        const { password, token } = parseAttributes(passwordAttributes, attributes);
        const now = app.config.now();
        if (token) {
          await changePasswordWithToken(app.db, { userId: id, token, password, now });
        } else {
          const actor = app.requireActor(request);
          if (actor.id !== id) throw invalidResetToken({ pointer: attr('token') });
          const current = parseAttributes(ownPasswordSchema, attributes)['current-password'];
          await verifyCurrentPassword(app.db, { userId: id, password: current, ip: request.ip, now });
          await changeOwnPassword(app.db, { userId: id, sessionId: actor.sessionId, password, now });
        }
        return asDocument(
          userDocumentSchema,
          await getUserDocument(app.db, id, [], { hideContacts: false, self: true }),
        );
      }
      const actor = app.authorize(request, 'admin:access');
      const { pending } = await updateUser(
        app.db,
        actor,
        id,
        { attributes: parseAttributes(editUserSchema, attributes), relationships },
        { ip: request.ip },
        app.config.now(),
        app.config,
      );
      for (const mail of pending?.mails ?? []) app.mailer.sendLater(mail);
      const document = await getUserDocument(app.db, id, ['role', 'company', 'tech', 'team'], {
        hideContacts: false,
        self: actor.id === id,
      });
      const meta = pendingMeta(pending);
      return asDocument(userDocumentSchema, meta ? { ...document, meta } : document);
    },
  );

  app.delete(
    '/user/:id',
    { schema: { tags: ['user'], summary: 'Deactivate a user (admin-level)', params: idParams } },
    async (request, reply) => {
      const actor = app.authorize(request, 'admin:access');
      await deactivateUser(app.db, actor, request.params.id, app.config.now());
      return reply.code(204).send();
    },
  );
};

export default userRoutes;
