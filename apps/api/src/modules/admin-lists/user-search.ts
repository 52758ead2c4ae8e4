import { ROLES, type Role, USER_FILTER_FIELDS, USER_SORT_FIELDS } from '@dd/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, roles, teamMembers, teams, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { documentOf, Included, type Resource } from '../../lib/jsonapi/document.ts';
import { type ListQuery, type ListRules, pageCount } from '../../lib/jsonapi/query.ts';
import { presentableUserColumns, presentRole, presentUser } from '../users/user-presenter.ts';
import { cached, inOrder, listVersion, orderedIds, pageOf } from './list-cache.ts';
import { dateBound, idValue, ilikeContains, orderByOf } from './list-sql.ts';

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
  const ids = db.select({ id: users.id }).from(users).$dynamic();
  const joined = query.sort.some((s) => s.field === 'role.id')
    ? ids.innerJoin(roles, eq(roles.itemName, users.role))
    : ids;
  return joined.where(whereOf(query)).orderBy(...orderByOf(query.sort, SORT_COLUMNS, users.id));
}

/** GET /user/search: one page of active users with their role, teams and owned projects (cached: see searchProjects). */
export async function searchUsers(db: Db, query: ListQuery) {
  const version = await listVersion(db);
  const idsKey = JSON.stringify(['user-ids', query.filters, query.sort]);
  const pageKey = JSON.stringify([idsKey, query.page, query.size, query.include]);
  return cached(db, version, pageKey, async () => {
    const allIds = await cached(db, version, idsKey, () => orderedIds(db, userIdsQuery(db, query)));
    return userPage(db, query, allIds);
  });
}

async function userPage(db: Db, query: ListQuery, allIds: Int32Array) {
  const pageIds = pageOf(allIds, query.page, query.size);
  const [userRows, teamRows, projectRows] =
    pageIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({ user: presentableUserColumns, roleId: roles.id, roleTitle: roles.title })
            .from(users)
            .innerJoin(roles, eq(roles.itemName, users.role))
            .where(inArray(users.id, pageIds)),
          db
            .select({ userId: teamMembers.userId, id: teams.id, title: teams.title })
            .from(teamMembers)
            .innerJoin(teams, eq(teams.id, teamMembers.teamId))
            .where(inArray(teamMembers.userId, pageIds))
            .orderBy(asc(teams.title), asc(teams.id)),
          db
            .select({ ownerId: projects.ownerId, id: projects.id, title: projects.title })
            .from(projects)
            .where(inArray(projects.ownerId, pageIds))
            .orderBy(asc(projects.createdAt), asc(projects.id)),
        ]);
  const rows = inOrder(pageIds, userRows, (r) => r.user.id);

  const include = new Set(query.include);
  const included = new Included();
  const data = rows.map((r) => {
    const userTeams = teamRows.filter((t) => t.userId === r.user.id);
    const owned = projectRows.filter((p) => p.ownerId === r.user.id);
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
  const n = allIds.length;
  return documentOf(data, included, { 'page-count': pageCount(n, query.size), total: n });
}

/** Active users of one role for the pickers of the admin forms, by name. */
export async function usersByRole(db: Db, role: Role): Promise<{ data: Resource[] }> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, avatar: users.avatar, role: users.role })
    .from(users)
    .where(and(eq(users.role, role), eq(users.isActive, true)))
    .orderBy(asc(users.name), asc(users.id));
  return {
    data: rows.map((u) => ({
      type: 'user',
      id: String(u.id),
      attributes: { name: u.name, email: u.email, avatar: u.avatar, role: u.role },
    })),
  };
}
