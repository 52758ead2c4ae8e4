import { ROLES, type Role, USER_FILTER_FIELDS, USER_SORT_FIELDS } from '@dd/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { projects, roles, teamMembers, teams, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { documentOf, Included, type Resource } from '../../lib/jsonapi/document.ts';
import { type ListQuery, type ListRules, pageCount } from '../../lib/jsonapi/query.ts';
import { presentRole, presentUser, type UserRow } from '../users/user-presenter.ts';
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
import { userSuffixSearch } from './suffix-search.ts';

export const USER_LIST_RULES: ListRules = {
  filters: USER_FILTER_FIELDS,
  sorts: USER_SORT_FIELDS,
  includes: ['role', 'team', 'ownProject'],
  defaultSort: 'name',
  defaultSize: 15,
};

// Deactivated users leave the table and the pickers; their rows stay for history.
function whereOf(query: ListQuery): SQL | undefined {
  const parts: SQL[] = [eq(users.isActive, true)];
  query.filters.forEach((f, i) => {
    switch (f.field) {
      case 'role.item_name':
        if (!(ROLES as readonly string[]).includes(f.value))
          throw new AppError('bad_request', { title: 'Unknown role', parameter: `filter[${i}][2]` });
        parts.push(eq(users.role, f.value));
        break;
      case 'user.name':
        parts.push(ilikeContains(users.name, f.value));
        break;
      case 'user.email':
        parts.push(ilikeContains(users.email, f.value));
        break;
      case 'user.id':
        parts.push(eq(users.id, idValue(f, i)));
        break;
      case 'user.phone':
        parts.push(ilikeContains(users.phone, f.value));
        break;
      case 'team.title':
        parts.push(
          sql`exists (select 1 from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teamMembers.userId} = ${users.id} and ${ilikeContains(teams.title, f.value)})`,
        );
        break;
      case 'ownProject.title':
        parts.push(
          sql`exists (select 1 from ${projects} where ${projects.ownerId} = ${users.id} and ${ilikeContains(projects.title, f.value)})`,
        );
        break;
      case 'user.created':
        parts.push(dateBound(users.createdAt, f, i));
        break;
    }
  });
  return and(...parts);
}

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  'role.id': roles.id,
  created: users.createdAt,
};

/**
 * The ids of every active user the query matches, in the list's order (no page). Roles are joined only
 * for the role.id sort (every user has a role: users.role references roles). The default sort is an
 * index-only scan of users_active_name_idx (name, id where is_active); a `like` filter on the name a
 * bitmap scan of users_name_trgm_idx.
 */
export function userIdsQuery(db: Db, query: ListQuery) {
  return matching(db.select({ id: users.id }).from(users).$dynamic(), query).orderBy(
    ...orderByOf(query.sort, SORT_COLUMNS, users.id),
  );
}

/** A select of users narrowed to the active ones the query matches (no order); roles joined only for that sort. */
function matching<T extends PgSelect>(rows: T, query: ListQuery): T {
  if (query.sort.some((s) => s.field === 'role.id')) rows.innerJoin(roles, eq(roles.itemName, users.role));
  return rows.where(whereOf(query));
}

/** One page of the query's ids in list order with the number of matching rows (see projectPageQuery). */
export function userPageQuery(db: Db, query: ListQuery) {
  const rows = db
    .select({ id: users.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(users)
    .$dynamic();
  const ordered = matching(rows, query).orderBy(...orderByOf(query.sort, SORT_COLUMNS, users.id));
  return query.size === null ? ordered : ordered.limit(query.size).offset(offsetOf(query.page, query.size));
}

/** The one statement of an uncached request: the page's ids, the total and the rows (list-sql: onePageSql). */
export function userPageSql(db: Db, query: ListQuery): PageStatement {
  const rowsOf = (pageIds: SQL) => userRowsQuery(sql`${users.id} in (${pageIds})`);
  // One name filter sorted by name or id: the suffix table answers it alone (suffix-search.ts).
  const suffixes = userSuffixSearch(query);
  if (suffixes) return pageStatement(suffixes, rowsOf);
  return pageStatement(
    {
      parts: () => ({
        paged: userPageQuery(db, query),
        all: matching(db.select({ id: users.id }).from(users).$dynamic(), query),
      }),
    },
    rowsOf,
  );
}

/** GET /user/search: one page of active users with their role, teams and owned projects (cached and serialized: see searchProjects). */
export async function searchUsers(db: Db, query: ListQuery, options: { version?: number | null } = {}) {
  const version = await listVersion(db, options.version);
  if (version === null) {
    // Nothing cached (LIST_CACHE=off): the page and its total in one statement, no read-ahead.
    const page = await onePage<BlockRow>(db, userPageSql(db, query));
    return presentPage(query, page.total, page.ids, page.rows);
  }
  const idsKey = JSON.stringify(['user-ids', query.filters, query.sort]);
  const allIds = await cached(db, version, idsKey, () => orderedIds(db, userIdsQuery(db, query)));
  const listKey = JSON.stringify([idsKey, query.include]);
  return pageFromBlock(db, version, listKey, allIds, query.page, query.size, (pages) =>
    userPages(db, query, allIds.length, pages),
  );
}

type BlockRow = {
  user: UserRow;
  roleId: number;
  roleTitle: string;
  teams: Array<{ id: number; title: string }>;
  projects: Array<{ id: number; title: string }>;
};

/**
 * Users by id with their role, teams (by title) and owned projects (oldest first), as one JSON row
 * (list-sql: jsonRows); no order: see inOrder.
 */
export const userBlockQuery = (ids: number[]) => userRowsQuery(sql`${users.id} = any(${idArray(ids)})`);

/** userBlockQuery for the users whose id `idFilter` accepts. */
function userRowsQuery(idFilter: SQL) {
  return sql`select coalesce(json_agg(json_build_object(
      'user', ${userJson(users)},
      'roleId', ${roles.id},
      'roleTitle', ${roles.title},
      'teams', (
        select coalesce(json_agg(json_build_object('id', ${teams.id}, 'title', ${teams.title}) order by ${teams.title}, ${teams.id}), '[]'::json)
        from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId}
        where ${teamMembers.userId} = ${users.id}
      ),
      'projects', (
        select coalesce(json_agg(json_build_object('id', ${projects.id}, 'title', ${projects.title}) order by ${projects.createdAt}, ${projects.id}), '[]'::json)
        from ${projects} where ${projects.ownerId} = ${users.id}
      )
    )), '[]'::json)::text as rows
    from ${users} inner join ${roles} on ${roles.itemName} = ${users.role}
    where ${idFilter}`;
}

/** The answers (serialized) for several pages of user ids, read with one query. */
async function userPages(db: Db, query: ListQuery, total: number, pages: number[][]) {
  const ids = pages.flat();
  const rows = ids.length === 0 ? [] : await jsonRows<BlockRow>(db, userBlockQuery(ids));
  return pages.map((pageIds) => presentPage(query, total, pageIds, rows));
}

/** One page's answer (serialized) from its ids in list order and the rows read for them. */
function presentPage(query: ListQuery, total: number, pageIds: number[], rows: BlockRow[]): string {
  const include = new Set(query.include);
  const meta = { 'page-count': pageCount(total, query.size), total };
  const included = new Included();
  const data = inOrder(pageIds, rows, (r) => r.user.id).map((r) => {
    const { teams: userTeams, projects: owned } = r;
    if (include.has('role')) included.add(presentRole({ itemName: r.user.role, title: r.roleTitle }));
    if (include.has('team'))
      included.addAll(
        userTeams.map((t) => ({ type: 'team', id: String(t.id), attributes: { title: t.title } })),
      );
    if (include.has('ownProject'))
      included.addAll(
        owned.map((p) => ({ type: 'project', id: String(p.id), attributes: { title: p.title } })),
      );
    return presentUser(r.user, {
      teamIds: userTeams.map((t) => t.id),
      ownProjectIds: owned.map((p) => p.id),
      extra: { 'role-id': r.roleId },
    });
  });
  return JSON.stringify(documentOf(data, included, meta));
}

/** Active users of one role for the pickers of the admin forms, by name. */
export async function usersByRole(
  db: Db,
  role: Role,
  options: { hideContacts: boolean },
): Promise<{ data: Resource[] }> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, avatar: users.avatar, role: users.role })
    .from(users)
    .where(and(eq(users.role, role), eq(users.isActive, true)))
    .orderBy(asc(users.name), asc(users.id));
  return {
    data: rows.map((u) => ({
      type: 'user',
      id: String(u.id),
      attributes: {
        name: u.name,
        email: options.hideContacts ? null : u.email,
        avatar: u.avatar,
        role: u.role,
      },
    })),
  };
}
