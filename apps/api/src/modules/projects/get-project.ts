import { idParamsSchema, type ProjectDocument, type Role } from '@dd/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonIdTitle, parseWithDates, preparedStatement } from '../../db/prepared.ts';
import {
  companies,
  links,
  projectBudgets,
  projectFiles,
  projectLinks,
  projectMembers,
  projectProjectTypes,
  projectSizes,
  projectStarts,
  projectStates,
  projectStatuses,
  projects,
  projectTechs,
  projectTypes,
  scheduledCalls,
  techs,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { Included, type Resource } from '../../lib/jsonapi/document.ts';
import { userJson } from '../admin-lists/list-sql.ts';
import type { SessionRead } from '../auth/sessions.ts';
import { type FileMeta, presentFileMeta } from '../files/file-presenter.ts';
import { type LinkRow, presentLink } from '../links/link-presenter.ts';
import { presentUser, type UserRow } from '../users/user-presenter.ts';
import type { LoadedProjectRef } from './load-project.ts';
import { type ProjectRow, presentCompany, presentLookup, presentProject } from './project-presenter.ts';

export const PROJECT_INCLUDES = [
  'owner',
  'company',
  'types',
  'tech',
  'size',
  'budget',
  'start',
  'status',
  'state',
  'client',
  'developer',
  'project-manager',
  'account-manager',
  'file',
  'link',
  'current-user-scheduled-calls',
] as const;
export type ProjectInclude = (typeof PROJECT_INCLUDES)[number];

const LOOKUPS = {
  size: { table: projectSizes, type: 'project-size' },
  budget: { table: projectBudgets, type: 'project-budget' },
  start: { table: projectStarts, type: 'project-start' },
  status: { table: projectStatuses, type: 'project-status' },
  state: { table: projectStates, type: 'project-state' },
} as const;
type LookupInclude = keyof typeof LOOKUPS;

type Options = {
  /** readonlyManager: no phone or e-mail of anyone on the project leaves the server. */
  hideContacts: boolean;
  /** Who reads it: clients do not receive the other clients' contacts (docs/product.md §C6). */
  viewer?: { id: number; role: Role };
};

type IdTitle = { id: number; title: string };

/** A project with everything its page can include, as one statement read it (loadProjectPage). */
export type ProjectPage = {
  project: ProjectRow;
  /** In the order they joined. */
  members: Array<{ userId: number; kind: string }>;
  types: IdTitle[];
  techs: Array<IdTitle & { techGroupId: number }>;
  files: FileMeta[];
  links: Array<LinkRow & { attachedAt: Date }>;
  /** The viewer's own scheduled calls on the project, the only ones listed. */
  calls: Array<{ id: number; projectId: number; scheduledAt: Date; timezone: string; status: string }>;
  lookups: Record<LookupInclude, IdTitle | null>;
  company: { id: number; title: string; companySizeId: number | null } | null;
  /** The owner, the account manager and the clients, developers and project managers, by id. */
  users: UserRow[];
  /** The viewer's last visited project as stored now (rememberVisit writes only a change). */
  viewerLastProjectId: number | null;
};

const jsonList = (element: SQL, rest: SQL) => sql`coalesce((select json_agg(${element}) ${rest}), '[]')`;

// The project and every include of its page as ONE json value: one round trip, project_members read
// once for both the access check and the includes (ADR 0015).
// `id` and `viewerId` (whose scheduled calls): placeholders, or inside the auth statement the request's
// project id and the session's user (ADR 0028).
const projectPageSql = (id: SQL, viewerId: SQL): SQL => sql`
    select json_build_object(
      'project', json_build_object('id', ${projects.id}, 'title', ${projects.title},
        'description', ${projects.description}, 'addition', ${projects.addition},
        'ownerId', ${projects.ownerId}, 'companyId', ${projects.companyId},
        'projectStateId', ${projects.projectStateId}, 'projectSizeId', ${projects.projectSizeId},
        'projectBudgetId', ${projects.projectBudgetId}, 'projectStartId', ${projects.projectStartId},
        'projectStatusId', ${projects.projectStatusId}, 'accountManagerId', ${projects.accountManagerId},
        'createdAt', ${projects.createdAt}),
      'members', ${jsonList(
        sql`json_build_object('userId', ${projectMembers.userId}, 'kind', ${projectMembers.kind}) order by ${projectMembers.createdAt}`,
        sql`from ${projectMembers} where ${projectMembers.projectId} = ${projects.id}`,
      )},
      'types', ${jsonList(
        sql`${jsonIdTitle(projectTypes)} order by ${projectTypes.position}`,
        sql`from ${projectProjectTypes} inner join ${projectTypes} on ${projectTypes.id} = ${projectProjectTypes.projectTypeId}
            where ${projectProjectTypes.projectId} = ${projects.id}`,
      )},
      'techs', ${jsonList(
        sql`json_build_object('id', ${techs.id}, 'title', ${techs.title}, 'techGroupId', ${techs.techGroupId}) order by ${techs.position}`,
        sql`from ${projectTechs} inner join ${techs} on ${techs.id} = ${projectTechs.techId}
            where ${projectTechs.projectId} = ${projects.id}`,
      )},
      'files', ${jsonList(
        sql`json_build_object('id', ${projectFiles.id}, 'title', ${projectFiles.title}, 'mime', ${projectFiles.mime},
              'size', ${projectFiles.size}, 'createdAt', ${projectFiles.createdAt})
            order by ${projectFiles.createdAt}, ${projectFiles.id}`,
        // Uploads in flight are not files yet.
        sql`from ${projectFiles} where ${projectFiles.projectId} = ${projects.id} and ${projectFiles.uploadLeaseUntil} is null`,
      )},
      'links', ${jsonList(
        sql`json_build_object('id', ${links.id}, 'title', ${links.title}, 'url', ${links.url},
              'createdAt', ${links.createdAt}, 'attachedAt', ${projectLinks.createdAt})
            order by ${projectLinks.createdAt}, ${links.id}`,
        sql`from ${projectLinks} inner join ${links} on ${links.id} = ${projectLinks.linkId}
            where ${projectLinks.projectId} = ${projects.id}`,
      )},
      'calls', ${jsonList(
        sql`json_build_object('id', ${scheduledCalls.id}, 'projectId', ${scheduledCalls.projectId},
              'scheduledAt', ${scheduledCalls.scheduledAt}, 'timezone', ${scheduledCalls.timezone},
              'status', ${scheduledCalls.status})
            order by ${scheduledCalls.scheduledAt}`,
        sql`from ${scheduledCalls} where ${scheduledCalls.projectId} = ${projects.id}
            and ${scheduledCalls.userId} = ${viewerId}`,
      )},
      'lookups', json_build_object(
        'size', (select ${jsonIdTitle(projectSizes)} from ${projectSizes} where ${projectSizes.id} = ${projects.projectSizeId}),
        'budget', (select ${jsonIdTitle(projectBudgets)} from ${projectBudgets} where ${projectBudgets.id} = ${projects.projectBudgetId}),
        'start', (select ${jsonIdTitle(projectStarts)} from ${projectStarts} where ${projectStarts.id} = ${projects.projectStartId}),
        'status', (select ${jsonIdTitle(projectStatuses)} from ${projectStatuses} where ${projectStatuses.id} = ${projects.projectStatusId}),
        'state', (select ${jsonIdTitle(projectStates)} from ${projectStates} where ${projectStates.id} = ${projects.projectStateId})),
      'company', (
        select json_build_object('id', ${companies.id}, 'title', ${companies.title}, 'companySizeId', ${companies.companySizeId})
        from ${companies} where ${companies.id} = ${projects.companyId}),
      'users', ${jsonList(
        sql`${userJson(users)} order by ${users.id}`,
        // The ids as one array first: an OR of the three conditions made PostgreSQL scan every user
        // (25 ms at 100k users); `= any(array(…))` is a primary-key lookup per id.
        sql`from ${users} where ${users.id} = any(array(
              select ${projects.ownerId} union select ${projects.accountManagerId}
              union select ${projectMembers.userId} from ${projectMembers}
              where ${projectMembers.projectId} = ${projects.id}
              and ${projectMembers.kind} in ('client', 'developer', 'projectManager')))`,
      )},
      'viewerLastProjectId', (select ${users.lastProjectId} from ${users} where ${users.id} = ${viewerId})
    )::text as page
    from ${projects} where ${projects.id} = ${id}`;
const projectPage = preparedStatement<{ page: string | null }, { id: number; viewerId: number | null }>(
  'project_page',
  () => projectPageSql(sql`${sql.placeholder('id')}`, sql`${sql.placeholder('viewerId')}`),
);

/**
 * GET /project/{id}'s page read with the session (ADR 0028): the same statement, the viewer being the
 * signed-in user. A request whose id is not valid reads nothing here (the route answers its 400).
 */
export const projectPageRead: SessionRead = {
  name: 'project_page',
  read: (userId) => projectPageSql(sql`${sql.placeholder('id')}`, userId),
  params: (request) => {
    const parsed = idParamsSchema.safeParse(request.params);
    return parsed.success ? { id: parsed.data.id } : null;
  },
};
const dates = new Set(['createdAt', 'attachedAt', 'scheduledAt']);

/**
 * GET /project/{id} in one query: the project with every include of its page, and what `can()` needs
 * about it (owner, client users). 404 when it does not exist. `viewerId`: whose scheduled calls to list.
 */
export async function loadProjectPage(
  db: Db,
  id: number,
  viewerId: number | null,
  /** The page already read with the session (projectPageRead), when it was. */
  read: string | null = null,
): Promise<{ ref: LoadedProjectRef; page: ProjectPage }> {
  const text = read ?? (await projectPage(db, { id, viewerId }))[0]?.page;
  if (!text) throw notFound('Project');
  const page = parseWithDates<ProjectPage>(text, dates);
  const clientIds = page.members.filter((m) => m.kind === 'client').map((m) => m.userId);
  return { ref: { id: page.project.id, ownerId: page.project.ownerId, clientIds }, page };
}

/** The project document with the includes asked for. No file bytes. */
export function presentProjectPage(
  page: ProjectPage,
  include: ProjectInclude[],
  options: Options,
): ProjectDocument {
  const { project, members } = page;
  const idsOf = (kind: string) => members.filter((m) => m.kind === kind).map((m) => m.userId);
  const rel = {
    typeIds: page.types.map((t) => t.id),
    techIds: page.techs.map((t) => t.id),
    clientIds: idsOf('client'),
    developerIds: idsOf('developer'),
    projectManagerIds: idsOf('projectManager'),
    fileIds: page.files.map((f) => f.id),
    linkIds: page.links.map((l) => l.id),
    scheduledCallIds: page.calls.map((c) => c.id),
  };
  const data = presentProject(project, rel);
  const included = new Included();
  const wants = (name: ProjectInclude) => include.includes(name);

  const userIds = new Set<number>();
  if (wants('owner') && project.ownerId) userIds.add(project.ownerId);
  if (wants('account-manager') && project.accountManagerId) userIds.add(project.accountManagerId);
  if (wants('client')) for (const u of rel.clientIds) userIds.add(u);
  if (wants('developer')) for (const u of rel.developerIds) userIds.add(u);
  if (wants('project-manager')) for (const u of rel.projectManagerIds) userIds.add(u);
  included.addAll(
    page.users
      .filter((u) => userIds.has(u.id))
      .map((u) => presentUser(u, { hideContacts: options.hideContacts, viewer: options.viewer })),
  );
  if (wants('company') && page.company) included.add(presentCompany(page.company));
  for (const [name, lookup] of Object.entries(LOOKUPS)) {
    const row = page.lookups[name as LookupInclude];
    if (wants(name as ProjectInclude) && row) included.add(presentLookup(lookup.type, row));
  }
  if (wants('types')) included.addAll(page.types.map((t) => presentLookup('project-type', t)));
  if (wants('tech'))
    included.addAll(
      page.techs.map(
        (t): Resource => ({
          type: 'tech',
          id: String(t.id),
          attributes: { title: t.title, 'tech-group-id': t.techGroupId },
        }),
      ),
    );
  if (wants('file')) included.addAll(page.files.map(presentFileMeta));
  if (wants('link')) included.addAll(page.links.map((l) => presentLink(l, l.attachedAt)));
  if (wants('current-user-scheduled-calls'))
    included.addAll(
      page.calls.map(
        (c): Resource => ({
          type: 'scheduled-call',
          id: String(c.id),
          attributes: {
            project_id: c.projectId,
            scheduled: c.scheduledAt.toISOString(),
            timezone: c.timezone,
            status: c.status,
          },
        }),
      ),
    );
  return { data, included: included.list() as NonNullable<ProjectDocument['included']> };
}

/** The project document after a save (PATCH /project/{id}): no includes. */
export async function getProjectDocument(
  db: Db,
  id: number,
  include: ProjectInclude[],
  options: Options & { viewerId: number },
): Promise<ProjectDocument> {
  const { page } = await loadProjectPage(db, id, options.viewerId);
  return presentProjectPage(page, include, options);
}

/** The client's last visited project, used by the root redirect on any device (docs/product.md §C2). */
/** A client's read of a project stores it as their last visited one; call it only when it changed. */
export async function rememberVisit(db: Db, userId: number, projectId: number) {
  await db.update(users).set({ lastProjectId: projectId }).where(eq(users.id, userId));
}
