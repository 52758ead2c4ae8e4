import { addTeamMemberSchema, idField, personDocumentSchema, TEAM_MEMBER_ROLES } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
import { sendWelcome } from '../../modules/password-reset/request-reset.ts';
import { addNewTeamMember } from '../../modules/project-team/add-team-member.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import { presentUser } from '../../modules/users/user-presenter.ts';

const idParams = z.object({ id: idField });
// The modal checks the chosen file's name; here the avatar is the URL POST /image/upload answered.
const createBody = z.object({
  data: z.object({
    type: z.literal('user'),
    attributes: z.object({
      role: z.enum(TEAM_MEMBER_ROLES),
      name: addTeamMemberSchema.shape.name,
      email: addTeamMemberSchema.shape.email,
      avatar: z.string({ error: 'Avatar is required!' }).trim().min(1, 'Avatar is required!').max(100),
    }),
  }),
});

/** Add-developer / add-project-manager modals (docs/product.md §C2, §C7): create the person, add to the team. */
const projectTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/project/:id/team-member',
    {
      schema: {
        tags: ['project'],
        summary: 'Create a developer or project manager and add them to the project team',
        params: idParams,
        body: createBody,
        response: { 201: personDocumentSchema },
      },
      // Visitors and other roles get 401/403 before the body is looked at, never a 422.
      preValidation: async (request) => {
        // A bad id is left to the schema's own 400; only a well-formed id is authorized here.
        const params = idParams.safeParse(request.params);
        if (!params.success) return;
        const { id } = params.data;
        app.authorize(request, 'project:manage-team', await loadProjectRef(app.db, id));
      },
    },
    async (request, reply) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      app.authorize(request, 'project:manage-team', ref);
      const user = await addNewTeamMember(app.db, ref.id, request.body.data.attributes, app.config.now());
      // Their password is random: the welcome's link is how they get in (issue 42 §4).
      await sendWelcome(
        app.db,
        {
          userId: user.id,
          now: app.config.now(),
          publicUrl: app.config.publicUrl,
          productName: app.config.productName,
        },
        app.mailer.sendLater,
      );
      return reply.status(201).send(asDocument(personDocumentSchema, documentOf(presentUser(user))));
    },
  );
};

export default projectTeamRoutes;
