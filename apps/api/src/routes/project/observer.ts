import {
  can,
  emailField,
  idField,
  MESSAGES,
  observerDocumentSchema,
  observerListDocumentSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { addObserver, listObservers } from '../../modules/project-team/observers.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import { presentUser } from '../../modules/users/user-presenter.ts';

const idParams = z.object({ id: idField });
const addBody = z.object({
  data: z.object({
    type: z.literal('user').optional(),
    attributes: z.object({ email: emailField(MESSAGES.emailInvalid) }),
  }),
});

/**
 * Project observers (docs/product.md §A8): an invitation to an e-mail that is already registered adds that
 * person to the project as an observer instead. Whoever may invite to the project may do it.
 */
const projectObserverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/project/:id/observer',
    {
      schema: {
        tags: ['project'],
        summary:
          'Add a registered staff member to the project as an observer, by e-mail (201; 200 when already one)',
        params: idParams,
        body: addBody,
        response: { 200: observerDocumentSchema, 201: observerDocumentSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      // Visitors and other roles get 401/403 before the body is looked at, never a 422.
      preValidation: async (request) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) return;
        app.authorize(request, 'project:add-observer', await loadProjectRef(app.db, params.data.id));
      },
    },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:add-observer', ref);
      const { user, added } = await addObserver(app.db, {
        projectId: ref.id,
        email: request.body.data.attributes.email,
        actorId: actor.id,
        now: app.config.now(),
      });
      const person = presentUser(user, { hideContacts: !can(actor, 'project:see-contacts', ref) });
      return reply.status(added ? 201 : 200).send(asDocument(observerDocumentSchema, documentOf(person)));
    },
  );

  app.get(
    '/project/:id/observer',
    {
      schema: {
        tags: ['project'],
        summary: "The project's observers, in the order they were added",
        params: idParams,
        response: { 200: observerListDocumentSchema },
      },
    },
    async (request) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:read', ref);
      const hideContacts = !can(actor, 'project:see-contacts', ref);
      const rows = await listObservers(app.db, ref.id);
      return asDocument(observerListDocumentSchema, {
        data: rows.map((user) => presentUser(user, { hideContacts })),
        meta: { count: rows.length },
      });
    },
  );
};

export default projectObserverRoutes;
