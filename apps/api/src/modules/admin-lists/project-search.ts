import { PROJECT_FILTER_FIELDS, PROJECT_SORT_FIELDS, type ProjectListScope } from '@dd/domain';
import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { projectMembers, projectSizes, projectStates, projects, users } from '../../db/schema/index.ts';
import { documentOf, Included } from '../../lib/jsonapi/document.ts';
import { type ListQuery, type ListRules, pageCount } from '../../lib/jsonapi/query.ts';
import { presentUser, type UserRow } from '../users/user-presenter.ts';
import { cached, inOrder, listVersion, orderedIds, pageFromBlock } from './list-cache.ts';
import {
  dateBound,
  idArray,
  idValue,
  ilikeContains,
  jsonRows,
  offsetOf,
  onePage,
  orderByOf,
  type PageStatement,
  pageStatement,
  userJson,
} from './list-sql.ts';
import { presentLookup } from './lookup-presenter.ts';
import { type ProjectRow, presentProjectRow } from './project-row-presenter.ts';
import { projectSuffixSearch } from './suffix-search.ts';

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
          sql`(select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${scope.userId} and ${projectMembers.kind} = 'client')`,
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
  return matching(db.select({ id: projects.id }).from(projects).$dynamic(), query, scope).orderBy(
    ...orderByOf(query.sort, SORT_COLUMNS, projects.id),
  );
}

/**
 * A select of projects narrowed to those the query matches (no order): the owner joined only when
 * needed. Drizzle's dynamic builders change in place, so the join lands on `rows` itself.
 */
function matching<T extends PgSelect>(rows: T, query: ListQuery, scope: ProjectListScope): T {
  const needsOwner =
    query.filters.some((f) => f.field.startsWith('client.')) ||
    query.sort.some((s) => s.field.startsWith('owner.'));
  if (needsOwner) rows.leftJoin(owner, eq(owner.id, projects.ownerId));
  return rows.where(whereOf(query, scope));
}

/**
 * One page of the query's ids in list order, each with the number of matching rows (counted by the
 * window before the limit): the same scan and sort as projectIdsQuery, stopped at the page (a top-N
 * sort), so nothing but the page and its total leaves PostgreSQL.
 */
export function projectPageQuery(db: Db, query: ListQuery, scope: ProjectListScope) {
  const rows = db
    .select({ id: projects.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(projects)
    .$dynamic();
  const ordered = matching(rows, query, scope).orderBy(...orderByOf(query.sort, SORT_COLUMNS, projects.id));
  return query.size === null ? ordered : ordered.limit(query.size).offset(offsetOf(query.page, query.size));
}

/** The one statement of an uncached request: the page's ids, the total and the rows (list-sql: onePageSql). */
export function projectPageSql(db: Db, query: ListQuery, scope: ProjectListScope): PageStatement {
  const rowsOf = (pageIds: SQL) => projectRowsQuery(sql`${projects.id} in (${pageIds})`);
  // One title filter sorted by created or id: the suffix table answers it alone (suffix-search.ts).
  const suffixes = projectSuffixSearch(query, scope.kind === 'all');
  if (suffixes) return pageStatement(suffixes, rowsOf);
  return pageStatement(
    {
      parts: () => ({
        paged: projectPageQuery(db, query, scope),
        all: matching(db.select({ id: projects.id }).from(projects).$dynamic(), query, scope),
      }),
    },
    rowsOf,
  );
}

const client = alias(users, 'client');

type BlockRow = {
  project: ProjectRow;
  owner: UserRow | null;
  stateTitle: string | null;
  sizeTitle: string | null;
  clients: UserRow[];
};

/**
 * Projects by id with owner, state, size and clients (in the order they joined), as one JSON row
 * (list-sql: jsonRows); no order: see inOrder.
 */
export const projectBlockQuery = (ids: number[]) =>
  projectRowsQuery(sql`${projects.id} = any(${idArray(ids)})`);

/** projectBlockQuery for the projects whose id `idFilter` accepts. */
function projectRowsQuery(idFilter: SQL) {
  return sql`select coalesce(json_agg(json_build_object(
      'project', json_build_object('id', ${projects.id}, 'title', ${projects.title}, 'createdAt', ${projects.createdAt}, 'ownerId', ${projects.ownerId}, 'projectStateId', ${projects.projectStateId}, 'projectSizeId', ${projects.projectSizeId}),
      'owner', case when ${owner.id} is null then null else ${userJson(owner)} end,
      'stateTitle', ${projectStates.title},
      'sizeTitle', ${projectSizes.title},
      'clients', (
        select coalesce(json_agg(${userJson(client)} order by ${projectMembers.createdAt}, ${client.id}), '[]'::json)
        from ${projectMembers} inner join ${users} as ${sql.identifier('client')} on ${client.id} = ${projectMembers.userId}
        where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.kind} = 'client'
      )
    )), '[]'::json)::text as rows
    from ${projects}
    left join ${users} as ${sql.identifier('owner')} on ${owner.id} = ${projects.ownerId}
    left join ${projectStates} on ${projectStates.id} = ${projects.projectStateId}
    left join ${projectSizes} on ${projectSizes.id} = ${projects.projectSizeId}
    where ${idFilter}`;
}

/**
 * GET /project/search: one page of projects with owner, state and size. The ordered ids of the query
 * and the page's block (list-cache: pageFromBlock) come from list-cache while nothing the list reads has
 * changed; otherwise the ids are read once (one index scan) and the block's rows fetched by id.
 * `version`: the 'admin-lists' version this request already read (request.versions); else it is read here;
 * null: no cache (LIST_CACHE=off): then the page alone and its total are read, in one statement
 * (projectPageSql), since nothing read ahead would be kept.
 * The answer is the serialized document: pages are kept as text, so a repeat costs no serialization.
 */
export async function searchProjects(
  db: Db,
  query: ListQuery,
  scope: ProjectListScope,
  options: { hideContacts: boolean; version?: number | null },
) {
  const version = await listVersion(db, options.version);
  if (version === null) {
    // Nothing cached (LIST_CACHE=off): the page and its total in one statement, no read-ahead.
    const page = await onePage<BlockRow>(db, projectPageSql(db, query, scope));
    return presentPage(query, page.total, page.ids, page.rows, options);
  }
  const idsKey = JSON.stringify(['project-ids', scope, query.filters, query.sort]);
  const allIds = await cached(db, version, idsKey, () => orderedIds(db, projectIdsQuery(db, query, scope)));
  const listKey = JSON.stringify([idsKey, query.include, options.hideContacts]);
  return pageFromBlock(db, version, listKey, allIds, query.page, query.size, (pages) =>
    projectPages(db, query, allIds.length, pages, options),
  );
}

/** The answers (serialized) for several pages of project ids, read with one query. */
async function projectPages(
  db: Db,
  query: ListQuery,
  total: number,
  pages: number[][],
  options: { hideContacts: boolean },
) {
  const ids = pages.flat();
  const rows = ids.length === 0 ? [] : await jsonRows<BlockRow>(db, projectBlockQuery(ids));
  return pages.map((pageIds) => presentPage(query, total, pageIds, rows, options));
}

/** One page's answer (serialized) from its ids in list order and the rows read for them. */
function presentPage(
  query: ListQuery,
  total: number,
  pageIds: number[],
  rows: BlockRow[],
  options: { hideContacts: boolean },
): string {
  const include = new Set(query.include);
  const meta = { 'page-count': pageCount(total, query.size), total };
  const included = new Included();
  const data = inOrder(pageIds, rows, (r) => r.project.id).map((r) => {
    const clients = r.clients;
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
  return JSON.stringify(documentOf(data, included, meta));
}
