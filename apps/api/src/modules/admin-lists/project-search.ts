import { PROJECT_FILTER_FIELDS, PROJECT_SORT_FIELDS, type ProjectListScope } from '@dd/domain';
import { and, count, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { projectMembers, projectSizes, projectStates, projects, users } from '../../db/schema/index.ts';
import { documentOf, Included } from '../../lib/jsonapi/document.ts';
import { type ListQuery, type ListRules, pageCount } from '../../lib/jsonapi/query.ts';
import { presentableUserColumns, presentUser } from '../users/user-presenter.ts';
import { dateBound, idValue, ilikeContains, offsetOf, orderByOf } from './list-sql.ts';
import { presentLookup } from './lookup-presenter.ts';
import { presentProjectRow } from './project-row-presenter.ts';

export const PROJECT_LIST_RULES: ListRules = {
  filters: PROJECT_FILTER_FIELDS,
  sorts: PROJECT_SORT_FIELDS,
  includes: ['client', 'size', 'state', 'owner'],
  defaultSort: '-created',
  defaultSize: 15,
};

const owner = alias(users, 'owner');

// The Client and Phone columns are the project's owner (the client who created it), so the client
// filters and the owner sorts read the same person.
function whereOf(query: ListQuery, scope: ProjectListScope): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (scope.kind === 'none') parts.push(sql`false`);
  if (scope.kind === 'client') {
    parts.push(
      or(
        eq(projects.ownerId, scope.userId),
        exists(
          sql`select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${scope.userId} and ${projectMembers.kind} = 'client'`,
        ),
      ),
    );
  }
  query.filters.forEach((f, i) => {
    switch (f.field) {
      case 'project.title':
        parts.push(ilikeContains(projects.title, f.value));
        break;
      case 'project.id':
        parts.push(eq(projects.id, idValue(f, i)));
        break;
      case 'client.name':
        parts.push(ilikeContains(owner.name, f.value));
        break;
      case 'client.phone':
        parts.push(ilikeContains(owner.phone, f.value));
        break;
      case 'state.id':
        parts.push(eq(projects.projectStateId, idValue(f, i)));
        break;
      case 'size.id':
        parts.push(eq(projects.projectSizeId, idValue(f, i)));
        break;
      case 'project.created':
        parts.push(dateBound(projects.createdAt, f, i));
        break;
    }
  });
  return and(...parts);
}

const SORT_COLUMNS = {
  id: projects.id,
  title: projects.title,
  'owner.name': owner.name,
  'owner.phone': owner.phone,
  'state.id': projects.projectStateId,
  'size.id': projects.projectSizeId,
  created: projects.createdAt,
};

/** GET /project/search: one page of projects with owner, state and size in one joined query. */
export async function searchProjects(
  db: Db,
  query: ListQuery,
  scope: ProjectListScope,
  options: { hideContacts: boolean },
) {
  const where = whereOf(query, scope);
  const needsOwner = query.filters.some((f) => f.field.startsWith('client.'));
  const countQuery = db.select({ n: count() }).from(projects);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        project: projects,
        owner: {
          id: owner.id,
          name: owner.name,
          login: owner.login,
          email: owner.email,
          phone: owner.phone,
          avatar: owner.avatar,
          role: owner.role,
          timezone: owner.timezone,
          helpNeeded: owner.helpNeeded,
          companyId: owner.companyId,
          createdAt: owner.createdAt,
        },
        stateTitle: projectStates.title,
        sizeTitle: projectSizes.title,
      })
      .from(projects)
      .leftJoin(owner, eq(owner.id, projects.ownerId))
      .leftJoin(projectStates, eq(projectStates.id, projects.projectStateId))
      .leftJoin(projectSizes, eq(projectSizes.id, projects.projectSizeId))
      .where(where)
      .orderBy(...orderByOf(query.sort, SORT_COLUMNS, projects.id))
      .limit(query.size ?? 1_000_000)
      .offset(offsetOf(query.page, query.size)),
    (needsOwner ? countQuery.leftJoin(owner, eq(owner.id, projects.ownerId)) : countQuery).where(where),
  ]);

  const ids = rows.map((r) => r.project.id);
  const clientRows =
    ids.length > 0
      ? await db
          .select({
            projectId: projectMembers.projectId,
            user: presentableUserColumns,
          })
          .from(projectMembers)
          .innerJoin(users, eq(users.id, projectMembers.userId))
          .where(and(inArray(projectMembers.projectId, ids), eq(projectMembers.kind, 'client')))
          .orderBy(projectMembers.createdAt, users.id)
      : [];

  const include = new Set(query.include);
  const included = new Included();
  const data = rows.map((r) => {
    const clients = clientRows.filter((c) => c.projectId === r.project.id).map((c) => c.user);
    if (include.has('owner') && r.owner?.id) included.add(presentUser(r.owner, options));
    if (include.has('client')) included.addAll(clients.map((c) => presentUser(c, options)));
    if (include.has('state'))
      included.add(presentLookup('project-state', r.project.projectStateId, r.stateTitle));
    if (include.has('size'))
      included.add(presentLookup('project-size', r.project.projectSizeId, r.sizeTitle));
    return presentProjectRow(r.project, {
      clientIds: clients.map((c) => c.id),
      ownerName: r.owner?.name ?? null,
      ownerPhone: options.hideContacts ? null : (r.owner?.phone ?? null),
      stateTitle: r.stateTitle,
      sizeTitle: r.sizeTitle,
    });
  });
  const n = Number(total?.n ?? 0);
  return documentOf(data, included, { 'page-count': pageCount(n, query.size), total: n });
}
