import {
  can,
  cappedText,
  companyDocumentSchema,
  companyUpdateSchema,
  idField,
  isStaffRole,
  ownerDetailsSchema,
  ownProjectListDocumentSchema,
  personDocumentSchema,
  projectDocumentSchema,
  projectSaveSchema,
  TEXT_MAX,
} from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { asDocument, documentOf } from '../../lib/jsonapi/document.ts';
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
import { listOwnProjects } from '../../modules/projects/list-own-projects.ts';
import { type LoadedProjectRef, loadProjectRef } from '../../modules/projects/load-project.ts';
import { presentCompany } from '../../modules/projects/project-presenter.ts';
import { saveProject } from '../../modules/projects/save-project.ts';
import { updateOwnerCompany, updateOwnerDetails } from '../../modules/projects/update-company-and-owner.ts';
import { emailChangedNotice } from '../../modules/users/email-change.ts';
import { pendingMeta } from '../../modules/users/email-change-requests.ts';
import { presentUser } from '../../modules/users/user-presenter.ts';

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

/** Would saving this client list add or remove anyone? The owner always stays, sent or not. */
function changesClientList(ref: LoadedProjectRef, sent: number[]): boolean {
  const withOwner = (ids: number[]) => new Set(ref.ownerId === null ? ids : [...ids, ref.ownerId]);
  const current = withOwner(ref.clientIds);
  const next = withOwner(sent);
  return current.size !== next.size || [...next].some((id) => !current.has(id));
}

function parseIncludes(raw: string | undefined): ProjectInclude[] {
  if (!raw) return [];
  return raw.split(',').map((name) => {
    if (!(PROJECT_INCLUDES as readonly string[]).includes(name))
      throw new AppError('bad_request', { title: `Include '${name}' is not allowed`, parameter: 'include' });
    return name as ProjectInclude;
  });
}

/**
 * The client project page (docs/product.md §C2 Project area, §7): read, save the details form, and save the
 * owner's company and details. Reading a project as its client remembers it as the last visited one.
 */
const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/project/mine',
    {
      schema: {
        tags: ['project'],
        summary: "The signed-in client's projects, for the shell's projects strip",
        response: { 200: ownProjectListDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.authorize(request, 'project:list-own');
      const rows = await listOwnProjects(app.db, actor.id);
      return asDocument(
        ownProjectListDocumentSchema,
        documentOf(rows, undefined, { 'page-count': rows.length > 0 ? 1 : 0, total: rows.length }),
      );
    },
  );

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
      const include = parseIncludes(request.query.include);
      // One query reads the project, what the access check needs and every include (404 first, as before);
      // with a session it came in the auth hook's statement (ADR 0029).
      const { ref, page } = await loadProjectPage(
        app.db,
        request.params.id,
        request.actor?.id ?? null,
        request.sessionRead,
      );
      const actor = app.authorize(request, 'project:read', ref);
      const document = presentProjectPage(page, include, {
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
      if (teamSent) await saveTeam(app.db, ref.id, team, app.config.now());
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
        response: { 200: companyDocumentSchema },
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
      return asDocument(companyDocumentSchema, documentOf(presentCompany(company)));
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
        response: { 200: personDocumentSchema },
      },
    },
    async (request) => {
      const actor = app.requireActor(request);
      const { user, emailChange, pending } = await updateOwnerDetails(
        app.db,
        actor,
        request.params.id,
        request.body.data.attributes,
        app.config.now(),
        app.config,
      );
      if (emailChange) app.mailer.sendLater(emailChangedNotice(emailChange, app.config));
      for (const mail of pending?.mails ?? []) app.mailer.sendLater(mail);
      return asDocument(personDocumentSchema, documentOf(presentUser(user), undefined, pendingMeta(pending)));
    },
  );
};

export default projectRoutes;
