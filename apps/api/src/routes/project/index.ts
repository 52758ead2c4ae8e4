import {
  can,
  cappedText,
  idField,
  isStaffRole,
  projectDocumentSchema,
  projectSaveSchema,
  TEXT_MAX,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { deleteProject } from '../../modules/admin-lists/delete-project.ts';
import { saveTeam } from '../../modules/project-team/save-team.ts';
import {
  getProjectDocument,
  loadProjectPage,
  PROJECT_INCLUDES,
  type ProjectInclude,
  presentProjectPage,
  projectPageRead,
  rememberVisit,
} from '../../modules/projects/get-project.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import { changesClientList, saveProject } from '../../modules/projects/save-project.ts';
import { parseIncludes } from '../board-access.ts';

const idParams = z.object({ id: idField });
const includeQuery = z.object({ include: cappedText(TEXT_MAX.query).optional() });
const relationshipList = (type: string) =>
  z
    .object({ data: z.array(z.object({ type: z.literal(type), id: idField })) })
    .transform((r) => r.data.map((d) => d.id));

const userList = relationshipList('user').optional();
// The details form sends attributes with tech, types and client; the team panel sends only the team
// relationships developer, projectManager and accountManager (docs/product.md §C7; kebab-case names too).
const projectPatchBody = z.object({
  data: z.object({
    type: z.literal('project'),
    id: z.coerce.string().optional(),
    // An empty attributes object (a team-only save) counts as no attributes.
    attributes: z.preprocess(
      (raw) => (raw && typeof raw === 'object' && Object.keys(raw).length === 0 ? undefined : raw),
      projectSaveSchema.optional(),
    ),
    relationships: z
      .object({
        tech: relationshipList('tech').optional(),
        types: relationshipList('project-type').optional(),
        client: userList,
        developer: userList,
        projectManager: userList,
        'project-manager': userList,
        accountManager: userList,
        'account-manager': userList,
      })
      .optional(),
  }),
});
/**
 * The client project page (docs/product.md §C2 Project area, §7): read and save the details form (the
 * owner's company and details are saved by PATCH /company/{id} and /user/{id}/details). Reading a project as its client remembers it as the last visited one.
 */
const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/:id',
    {
      schema: {
        tags: ['project'],
        summary: "One project (files without bytes); a client's read is stored as their last visited project",
        params: idParams,
        querystring: includeQuery,
        response: { 200: projectDocumentSchema },
      },
      config: { sessionRead: projectPageRead },
    },
    async (request) => {
      const include = parseIncludes(request.query.include, PROJECT_INCLUDES) as ProjectInclude[];
      // One query reads the project, what the access check needs and every include (404 first, as before);
      // with a session it came in the auth hook's statement (ADR 0028).
      const { ref, page } = await loadProjectPage(
        app.db,
        request.params.id,
        request.actor?.id ?? null,
        request.sessionRead,
      );
      const actor = app.authorize(request, 'project:read', ref);
      const document = presentProjectPage(page, include, {
        viewer: actor,
        hideContacts: !can(actor, 'project:see-contacts', ref),
      });
      if (actor.role === 'client' && page.viewerLastProjectId !== ref.id)
        await rememberVisit(app.db, actor.id, ref.id);
      return document;
    },
  );

  app.patch(
    '/project/:id',
    {
      schema: {
        tags: ['project'],
        summary: 'Save the project details form, or the team (developer, projectManager, accountManager)',
        params: idParams,
        body: projectPatchBody,
        response: { 200: projectDocumentSchema },
      },
    },
    async (request) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      const { attributes, relationships = {} } = request.body.data;
      const { tech, types, client } = relationships;
      const team = {
        developer: relationships.developer,
        projectManager: relationships.projectManager ?? relationships['project-manager'],
        accountManager: relationships.accountManager ?? relationships['account-manager'],
      };
      const detailsSent = [attributes, tech, types, client].some((part) => part !== undefined);
      const teamSent = Object.values(team).some((ids) => ids !== undefined);
      if (!detailsSent && !teamSent)
        throw new AppError('unprocessable', { title: 'Nothing to save', pointer: '/data' });
      if (!attributes && (tech || types || client))
        throw new AppError('unprocessable', {
          title: 'Project attributes are required',
          pointer: '/data/attributes',
        });
      // Each part is authorized before anything changes: details by project:update, team by manage-team.
      let actor = app.requireActor(request);
      if (detailsSent) actor = app.authorize(request, 'project:update', ref);
      if (teamSent) actor = app.authorize(request, 'project:manage-team', ref);
      // A client may send the client list back unchanged but never add or remove people (docs/product.md §F4
      // finding 2): checked before any id is looked up, so the answer never tells which ids exist.
      if (client && !isStaffRole(actor.role) && changesClientList(ref, client)) throw forbidden();
      if (attributes)
        await saveProject(app.db, ref.id, ref.ownerId, attributes, { tech, types, client }, app.config.now());
      if (teamSent) await saveTeam(app.db, ref.id, team, app.config.now(), actor.id);
      return getProjectDocument(app.db, ref.id, [], {
        viewerId: actor.id,
        viewer: actor,
        hideContacts: !can(actor, 'project:see-contacts', ref),
      });
    },
  );

  app.delete(
    '/project/:id',
    { schema: { tags: ['project'], summary: 'Delete a project (admin-level)', params: idParams } },
    async (request, reply) => {
      app.requireActor(request);
      const project = await loadProjectRef(app.db, request.params.id);
      app.authorize(request, 'project:delete', project);
      await deleteProject(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default projectRoutes;
