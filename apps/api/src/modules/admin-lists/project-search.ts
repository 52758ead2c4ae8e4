import { PROJECT_FILTER_FIELDS, PROJECT_SORT_FIELDS, type ProjectListScope } from '@dd/domain';
import { and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { projectMembers, projectSizes, projectStates, projects, users } from '../../db/schema/index.ts';
import { documentOf, Included } from '../../lib/jsonapi/document.ts';
import { type ListQuery, type ListRules, pageCount } from '../../lib/jsonapi/query.ts';
import { presentableUserColumns, presentUser } from '../users/user-presenter.ts';
import { cached, inOrder, listVersion, orderedIds, pageOf } from './list-cache.ts';
import { dateBound, idValue, ilikeContains, orderByOf } from './list-sql.ts';
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

/**
 * The ids of every project the query matches, in the list's order (no page). The owner is joined only
 * for the client.* filters and owner.* sorts (even a removable join keeps owner_id "needed" and so rules
 * out an index-only scan). The default sort is an index-only scan of projects_created_idx (created desc,
 * id desc), and a `like` filter on the title a bitmap scan of projects_title_trgm_idx.
 */
export function projectIdsQuery(db: Db, query: ListQuery, scope: ProjectListScope) {
  const ids = db.select({ id: projects.id }).from(projects).$dynamic();
  const needsOwner =
    query.filters.some((f) => f.field.startsWith('client.')) ||
    query.sort.some((s) => s.field.startsWith('owner.'));
  return (needsOwner ? ids.leftJoin(owner, eq(owner.id, projects.ownerId)) : ids)
    .where(whereOf(query, scope))
    .orderBy(...orderByOf(query.sort, SORT_COLUMNS, projects.id));
}

/** One page of projects by id, with owner, state and size in one joined query (no order: see inOrder). */
export function projectPageQuery(db: Db, ids: number[]) {
  return db
    .select({
      project: {
        id: projects.id,
        title: projects.title,
        createdAt: projects.createdAt,
        ownerId: projects.ownerId,
        projectStateId: projects.projectStateId,
        projectSizeId: projects.projectSizeId,
      },
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
    .where(inArray(projects.id, ids));
}

/**
 * GET /project/search: one page of projects with owner, state and size. The ordered ids of the query
 * and the page itself come from list-cache while nothing the list reads has changed; otherwise the ids
 * are read once (one index scan) and the page is 15 rows fetched by id.
 */
export async function searchProjects(
  db: Db,
  query: ListQuery,
  scope: ProjectListScope,
  options: { hideContacts: boolean },
) {
  const version = await listVersion(db);
  const idsKey = JSON.stringify(['project-ids', scope, query.filters, query.sort]);
  const pageKey = JSON.stringify([idsKey, query.page, query.size, query.include, options.hideContacts]);
  return cached(db, version, pageKey, async () => {
    const allIds = await cached(db, version, idsKey, () => orderedIds(db, projectIdsQuery(db, query, scope)));
    return projectPage(db, query, allIds, options);
  });
}

async function projectPage(db: Db, query: ListQuery, allIds: Int32Array, options: { hideContacts: boolean }) {
  const pageIds = pageOf(allIds, query.page, query.size);
  const [pageRows, clientRows] =
    pageIds.length === 0
      ? [[], []]
      : await Promise.all([
          projectPageQuery(db, pageIds),
          db
            .select({ projectId: projectMembers.projectId, user: presentableUserColumns })
            .from(projectMembers)
            .innerJoin(users, eq(users.id, projectMembers.userId))
            .where(and(inArray(projectMembers.projectId, pageIds), eq(projectMembers.kind, 'client')))
            .orderBy(projectMembers.createdAt, users.id),
        ]);
  const rows = inOrder(pageIds, pageRows, (r) => r.project.id);

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
  const n = allIds.length;
  return documentOf(data, included, { 'page-count': pageCount(n, query.size), total: n });
}
