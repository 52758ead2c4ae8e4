import { TEAM_SORT_FIELDS } from '@dd/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { documentOf, Included, type Resource, refs } from '../../lib/jsonapi/document.ts';
import { type ListQuery, type ListRules, pageCount } from '../../lib/jsonapi/query.ts';
import { presentableUserColumns, presentUser } from '../users/user-presenter.ts';
import { offsetOf, orderByOf } from './list-sql.ts';

export const TEAM_LIST_RULES: ListRules = {
  filters: {},
  sorts: TEAM_SORT_FIELDS,
  includes: ['projectManager', 'developer'],
  defaultSort: 'title',
  defaultSize: 15,
  // The admin forms' pickers ask for every row (page[size]=0, docs/product.md §A9 "unlimited lists").
  allowUnlimited: true,
};

type TeamRow = typeof teams.$inferSelect;

/** A team with its size (developers plus project managers) and both member lists, every field named. */
export function presentTeam(
  team: TeamRow,
  members: { developerIds: number[]; projectManagerIds: number[] },
): Resource {
  return {
    type: 'team',
    id: String(team.id),
    attributes: {
      title: team.title,
      'punch-line': team.punchLine,
      avatar: team.avatar,
      'team-size': members.developerIds.length + members.projectManagerIds.length,
      created: team.createdAt.toISOString(),
    },
    relationships: {
      projectManager: { data: refs('user', members.projectManagerIds) },
      developer: { data: refs('user', members.developerIds) },
    },
  };
}

/** GET /team/search: a page of teams by title; which list a member is in follows the member's role. */
export async function searchTeams(db: Db, query: ListQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(teams)
      .orderBy(...orderByOf(query.sort, { id: teams.id, title: teams.title }, teams.id))
      .limit(query.size ?? 1_000_000)
      .offset(offsetOf(query.page, query.size)),
    db.select({ n: count() }).from(teams),
  ]);
  const ids = rows.map((t) => t.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({
            teamId: teamMembers.teamId,
            user: presentableUserColumns,
          })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(
            and(
              inArray(teamMembers.teamId, ids),
              eq(users.isActive, true),
              sql`${users.role} in ('developer', 'projectManager')`,
            ),
          )
          .orderBy(asc(users.name), asc(users.id));
  const include = new Set(query.include);
  const included = new Included();
  const data = rows.map((team) => {
    const mine = members.filter((m) => m.teamId === team.id);
    const developers = mine.filter((m) => m.user.role === 'developer').map((m) => m.user);
    const managers = mine.filter((m) => m.user.role === 'projectManager').map((m) => m.user);
    if (include.has('developer')) included.addAll(developers.map((u) => presentUser(u)));
    if (include.has('projectManager')) included.addAll(managers.map((u) => presentUser(u)));
    return presentTeam(team, {
      developerIds: developers.map((u) => u.id),
      projectManagerIds: managers.map((u) => u.id),
    });
  });
  const n = Number(total?.n ?? 0);
  return documentOf(data, included, { 'page-count': pageCount(n, query.size), total: n });
}

/** Memberships go with the team (foreign keys cascade); the people stay. */
export async function deleteTeam(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
  if (deleted.length === 0) throw notFound('Team');
}
