import { idField, ownerDetailsSchema, personDocumentSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { updateOwnerDetails } from '../../modules/projects/update-company-and-owner.ts';
import { pendingMeta } from '../../modules/users/email-change-requests.ts';
import { presentUser } from '../../modules/users/user-presenter.ts';

const idParams = z.object({ id: idField });
// The spec's user update sends help_needed; our form schema names it help-needed. Both are accepted.
const ownerDetailsBody = z.object({
  data: z.object({
    type: z.literal('user'),
    id: z.coerce.string().optional(),
    attributes: z.preprocess((raw) => {
      if (raw && typeof raw === 'object' && 'help_needed' in raw && !('help-needed' in raw)) {
        const { help_needed, ...rest } = raw as Record<string, unknown>;
        return { ...rest, 'help-needed': help_needed };
      }
      return raw;
    }, ownerDetailsSchema),
  }),
});

/** The project owner's details, saved from the client project page (docs/product.md §C2, §7). */
const userDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/user/:id/details',
    {
      schema: {
        tags: ['project'],
        summary: "Save the project owner's details",
        params: idParams,
        body: ownerDetailsBody,
        response: { 200: personDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.requireActor(request);
      const { attributes } = request.body.data;
      const { user, pending } = await updateOwnerDetails(
        app.db,
        actor,
        request.params.id,
        attributes,
        { currentPassword: attributes['current-password'], ip: request.ip },
        app.config.now(),
        app.config,
      );
      for (const mail of pending?.mails ?? []) app.mailer.sendLater(mail);
      return asDocument(personDocumentSchema, documentOf(presentUser(user), undefined, pendingMeta(pending)));
    },
  );
};

export default userDetailsRoutes;
