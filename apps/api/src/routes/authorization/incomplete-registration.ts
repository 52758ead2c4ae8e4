import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depthGuardedJsonParser } from '../../lib/json-depth.ts';
import {
  incompleteRegistrationAttributes,
  saveIncompleteRegistration,
} from '../../modules/registration/incomplete-registration.ts';

// Per address; generous for a family behind one router, tight for a script.
const INCOMPLETE_LIMIT = { max: 60, timeWindow: '1 hour' };

const incompleteBody = z.object({
  data: z.object({
    type: z.literal('incomplete-registration').optional(),
    attributes: incompleteRegistrationAttributes,
  }),
});

/** What a visitor typed into the get-started wizard before leaving (docs/product.md §C6); admins read it at /incomplete-registration/search. */
const incompleteRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon may post a string as text/plain; this plugin alone reads it as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, depthGuardedJsonParser(app));

  app.post(
    '/authorization/incomplete-registration',
    {
      schema: {
        tags: ['registration'],
        security: [], // a visitor may call it (docs/adr/0009)
        summary: 'What a visitor typed into the wizard before leaving (the password is dropped)',
        body: incompleteBody,
      },
      config: { rateLimit: INCOMPLETE_LIMIT },
    },
    async (request, reply) => {
      await saveIncompleteRegistration(app.db, request.body.data.attributes, {
        ip: request.ip,
        now: app.config.now(),
      });
      return reply.status(204).send();
    },
  );
};

export default incompleteRegistrationRoutes;
