import { can, companyUpdateSchema, ownerDetailsSchema, projectSaveSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { documentOf } from '../../lib/jsonapi/document.ts';
import {
  getProjectDocument,
  PROJECT_INCLUDES,
  type ProjectInclude,
  rememberVisit,
} from '../../modules/projects/get-project.ts';
import { loadProjectRef } from '../../modules/projects/load-project.ts';
import { presentCompany } from '../../modules/projects/project-presenter.ts';
import { saveProject } from '../../modules/projects/save-project.ts';
import { updateOwnerCompany, updateOwnerDetails } from '../../modules/projects/update-company-and-owner.ts';
import { presentUser } from '../../modules/users/user-presenter.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const includeQuery = z.object({ include: z.string().optional() });
const relationshipList = (type: string) =>
  z
    .object({ data: z.array(z.object({ type: z.literal(type), id: z.coerce.number().int().positive() })) })
    .transform((r) => r.data.map((d) => d.id));

const projectPatchBody = z.object({
  data: z.object({
    type: z.literal('project'),
    id: z.coerce.string().optional(),
    attributes: projectSaveSchema,
    relationships: z
      .object({
        tech: relationshipList('tech').optional(),
        types: relationshipList('project-type').optional(),
        client: relationshipList('user').optional(),
      })
      .optional(),
  }),
});
const companyPatchBody = z.object({
  data: z.object({
    type: z.literal('company'),
    id: z.coerce.string().optional(),
    attributes: companyUpdateSchema,
  }),
});
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

function parseIncludes(raw: string | undefined): ProjectInclude[] {
  if (!raw) return [];
  return raw.split(',').map((name) => {
    if (!(PROJECT_INCLUDES as readonly string[]).includes(name))
      throw new AppError('bad_request', { title: `Include '${name}' is not allowed`, parameter: 'include' });
    return name as ProjectInclude;
  });
}

/**
 * The client project page (client spec §2 Project area, §7): read, save the details form, and save the
 * owner's company and details. Reading a project as its client remembers it as the last visited one.
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
      },
    },
    async (request) => {
      const include = parseIncludes(request.query.include);
      const ref = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:read', ref);
      const document = await getProjectDocument(app.db, ref.id, include, {
        viewerId: actor.id,
        hideContacts: !can(actor, 'project:see-contacts', ref),
      });
      if (actor.role === 'client') await rememberVisit(app.db, actor.id, ref.id);
      return document;
    },
  );

  app.patch(
    '/project/:id',
    {
      schema: {
        tags: ['project'],
        summary: 'Save the project details form',
        params: idParams,
        body: projectPatchBody,
      },
    },
    async (request) => {
      const ref = await loadProjectRef(app.db, request.params.id);
      const actor = app.authorize(request, 'project:update', ref);
      const { attributes, relationships = {} } = request.body.data;
      await saveProject(app.db, ref.id, ref.ownerId, attributes, relationships, app.config.now());
      return getProjectDocument(app.db, ref.id, [], {
        viewerId: actor.id,
        hideContacts: !can(actor, 'project:see-contacts', ref),
      });
    },
  );

  app.patch(
    '/company/:id',
    {
      schema: {
        tags: ['project'],
        summary: "Save the project owner's company",
        params: idParams,
        body: companyPatchBody,
      },
    },
    async (request) => {
      const actor = app.requireActor(request);
      const company = await updateOwnerCompany(
        app.db,
        actor,
        request.params.id,
        request.body.data.attributes,
      );
      return documentOf(presentCompany(company));
    },
  );

  app.patch(
    '/user/:id/details',
    {
      schema: {
        tags: ['project'],
        summary: "Save the project owner's details",
        params: idParams,
        body: ownerDetailsBody,
      },
    },
    async (request) => {
      const actor = app.requireActor(request);
      const user = await updateOwnerDetails(
        app.db,
        actor,
        request.params.id,
        request.body.data.attributes,
        app.config.now(),
      );
      return documentOf(presentUser(user));
    },
  );
};

export default projectRoutes;
