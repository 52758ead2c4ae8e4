import {
  idField,
  REGISTRATION_MARKER_COOKIE,
  tourStateDocumentSchema,
  tourStateUpdateSchema,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import { getOrStartTour, presentTourState, saveTour } from '../../modules/tour/tour-state.ts';

const idParams = z.object({ id: idField });
const updateBody = z.object({
  data: z.object({ type: z.literal('tour-state').optional(), attributes: tourStateUpdateSchema }),
});

/**
 * First-visit tour (docs/product.md §C4), kept per user and project on the server so it does not repeat on
 * another device. Only the owning client has a tour.
 */
const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/:id/tour-state',
    {
      schema: {
        tags: ['project'],
        summary: "The owner's tour state; the first read starts the tour (step 2 after registration)",
        response: { 200: tourStateDocumentSchema },
        params: idParams,
      },
    },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:tour', ref);
      const justRegistered = request.cookies[REGISTRATION_MARKER_COOKIE] !== undefined;
      const { row, started } = await getOrStartTour(
        app.db,
        actor.id,
        ref.id,
        justRegistered,
        app.config.now(),
      );
      // The marker is read once, when a tour starts, then cleared (docs/product.md §C4).
      if (started && justRegistered)
        reply.clearCookie(REGISTRATION_MARKER_COOKIE, {
          path: '/',
          ...(app.config.cookieDomain ? { domain: app.config.cookieDomain } : {}),
        });
      return asDocument(tourStateDocumentSchema, documentOf(presentTourState(row)));
    },
  );

  app.patch(
    '/project/:id/tour-state',
    {
      schema: {
        tags: ['project'],
        summary: "Save the owner's tour state",
        response: { 200: tourStateDocumentSchema },
        params: idParams,
        body: updateBody,
      },
      preValidation: async (request) => {
        // A bad id is left to the schema's own 400; only a well-formed id is authorized here.
        const params = idParams.safeParse(request.params);
        if (!params.success) return;
        const { id } = params.data;
        app.authorize(request, 'project:tour', await loadProjectRef(app.db, id));
      },
    },
    async (request) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:tour', ref);
      const row = await saveTour(app.db, actor.id, ref.id, request.body.data.attributes, app.config.now());
      return asDocument(tourStateDocumentSchema, documentOf(presentTourState(row)));
    },
  );
};

export default tourRoutes;
