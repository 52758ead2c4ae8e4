import type { ProjectDocument } from '@dd/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
import { presentFileMeta } from '../files/file-presenter.ts';
import { presentLink } from '../links/link-presenter.ts';
import { presentUser } from '../users/user-presenter.ts';
import { presentCompany, presentLookup, presentProject } from './project-presenter.ts';

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
  size: { table: projectSizes, type: 'project-size', column: 'projectSizeId' },
  budget: { table: projectBudgets, type: 'project-budget', column: 'projectBudgetId' },
  start: { table: projectStarts, type: 'project-start', column: 'projectStartId' },
  status: { table: projectStatuses, type: 'project-status', column: 'projectStatusId' },
  state: { table: projectStates, type: 'project-state', column: 'projectStateId' },
} as const;

type Options = {
  /** The viewer; their own scheduled calls are the only ones listed. */
  viewerId: number;
  /** readonlyManager: no phone or e-mail of anyone on the project leaves the server. */
  hideContacts: boolean;
};

/** GET /project/{id}: the project with the includes the project page asks for. No file bytes. */
export async function getProjectDocument(
  db: Db,
  id: number,
  include: ProjectInclude[],
  options: Options,
): Promise<ProjectDocument> {
  const [project] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!project) throw notFound('Project');
  const [members, typeRows, techRows, fileRows, linkRows, callRows] = await Promise.all([
    db
      .select({ userId: projectMembers.userId, kind: projectMembers.kind })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, id))
      .orderBy(asc(projectMembers.createdAt)),
    db
      .select({ id: projectTypes.id, title: projectTypes.title })
      .from(projectProjectTypes)
      .innerJoin(projectTypes, eq(projectTypes.id, projectProjectTypes.projectTypeId))
      .where(eq(projectProjectTypes.projectId, id))
      .orderBy(asc(projectTypes.position)),
    db
      .select({ id: techs.id, title: techs.title, techGroupId: techs.techGroupId })
      .from(projectTechs)
      .innerJoin(techs, eq(techs.id, projectTechs.techId))
      .where(eq(projectTechs.projectId, id))
      .orderBy(asc(techs.position)),
    db
      .select({
        id: projectFiles.id,
        title: projectFiles.title,
        mime: projectFiles.mime,
        size: projectFiles.size,
        createdAt: projectFiles.createdAt,
      })
      .from(projectFiles)
      // Uploads in flight are not files yet.
      .where(and(eq(projectFiles.projectId, id), isNull(projectFiles.uploadLeaseUntil)))
      .orderBy(asc(projectFiles.createdAt), asc(projectFiles.id)),
    db
      .select({
        id: links.id,
        title: links.title,
        url: links.url,
        createdAt: links.createdAt,
        attachedAt: projectLinks.createdAt,
      })
      .from(projectLinks)
      .innerJoin(links, eq(links.id, projectLinks.linkId))
      .where(eq(projectLinks.projectId, id))
      .orderBy(asc(projectLinks.createdAt), asc(links.id)),
    db
      .select()
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.projectId, id), eq(scheduledCalls.userId, options.viewerId)))
      .orderBy(asc(scheduledCalls.scheduledAt)),
  ]);
  const idsOf = (kind: string) => members.filter((m) => m.kind === kind).map((m) => m.userId);
  const rel = {
    typeIds: typeRows.map((t) => t.id),
    techIds: techRows.map((t) => t.id),
    clientIds: idsOf('client'),
    developerIds: idsOf('developer'),
    projectManagerIds: idsOf('projectManager'),
    fileIds: fileRows.map((f) => f.id),
    linkIds: linkRows.map((l) => l.id),
    scheduledCallIds: callRows.map((c) => c.id),
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
  if (userIds.size > 0) {
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.id, [...userIds]));
    included.addAll(rows.map((u) => presentUser(u, { hideContacts: options.hideContacts })));
  }
  if (wants('company') && project.companyId) {
    const [company] = await db.select().from(companies).where(eq(companies.id, project.companyId));
    if (company) included.add(presentCompany(company));
  }
  for (const [name, lookup] of Object.entries(LOOKUPS)) {
    const lookupId = project[lookup.column];
    if (!wants(name as ProjectInclude) || lookupId === null) continue;
    const [row] = await db
      .select({ id: lookup.table.id, title: lookup.table.title })
      .from(lookup.table)
      .where(eq(lookup.table.id, lookupId));
    if (row) included.add(presentLookup(lookup.type, row));
  }
  if (wants('types')) included.addAll(typeRows.map((t) => presentLookup('project-type', t)));
  if (wants('tech'))
    included.addAll(
      techRows.map(
        (t): Resource => ({
          type: 'tech',
          id: String(t.id),
          attributes: { title: t.title, 'tech-group-id': t.techGroupId },
        }),
      ),
    );
  if (wants('file')) included.addAll(fileRows.map(presentFileMeta));
  if (wants('link')) included.addAll(linkRows.map((l) => presentLink(l, l.attachedAt)));
  if (wants('current-user-scheduled-calls'))
    included.addAll(
      callRows.map(
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

/** The client's last visited project, used by the root redirect on any device (client spec §2). */
export async function rememberVisit(db: Db, userId: number, projectId: number) {
  await db.update(users).set({ lastProjectId: projectId }).where(eq(users.id, userId));
}
