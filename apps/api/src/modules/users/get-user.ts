import { isPhonePrefixBlacklisted, PHONE_PREFIX_BLACKLIST_SETTING, parsePhonePrefixes } from '@dd/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonIdTitle, parseWithDates, preparedStatement } from '../../db/prepared.ts';
import {
  companies,
  projects,
  roles,
  settings,
  teamMembers,
  teams,
  techs,
  users,
  userTechs,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { documentOf, Included } from '../../lib/jsonapi/document.ts';
import type { SessionRead } from '../auth/sessions.ts';
import { presentRole, presentUser, type UserRow } from './user-presenter.ts';

export const USER_INCLUDES = ['role', 'company', 'techs', 'tech', 'team', 'ownProject'] as const;

type UserGraph = {
  user: UserRow & { lastProjectId: number | null };
  teams: Array<{ id: number; title: string }>;
  techs: Array<{ id: number; title: string }>;
  /** Newest first. */
  ownProjects: Array<{ id: number; title: string }>;
  role: { itemName: string; title: string } | null;
  company: { id: number; title: string } | null;
  /** The phone prefix blacklist setting's raw value (docs/product.md §C3), null when unset. */
  phoneBlacklist: string | null;
};

// The user with everything any of its includes needs, as ONE json value in one round trip (ADR 0015).
// `id` is the user's id: a placeholder, or the session's user inside the auth statement (ADR 0028).
const userGraphSql = (id: SQL): SQL => sql`
    select json_build_object(
      'user', json_build_object('id', ${users.id}, 'name', ${users.name}, 'login', ${users.login},
        'email', ${users.email}, 'phone', ${users.phone}, 'avatar', ${users.avatar}, 'role', ${users.role},
        'timezone', ${users.timezone}, 'helpNeeded', ${users.helpNeeded}, 'companyId', ${users.companyId},
        'createdAt', ${users.createdAt}, 'lastProjectId', ${users.lastProjectId}),
      'teams', coalesce((
        select json_agg(${jsonIdTitle(teams)})
        from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId}
        where ${teamMembers.userId} = ${users.id}), '[]'),
      'techs', coalesce((
        select json_agg(${jsonIdTitle(techs)})
        from ${userTechs} inner join ${techs} on ${techs.id} = ${userTechs.techId}
        where ${userTechs.userId} = ${users.id}), '[]'),
      'ownProjects', coalesce((
        select json_agg(${jsonIdTitle(projects)} order by ${projects.createdAt} desc)
        from ${projects} where ${projects.ownerId} = ${users.id}), '[]'),
      'role', (
        select json_build_object('itemName', ${roles.itemName}, 'title', ${roles.title})
        from ${roles} where ${roles.itemName} = ${users.role} limit 1),
      'company', (
        select ${jsonIdTitle(companies)}
        from ${companies} where ${companies.id} = ${users.companyId}),
      'phoneBlacklist', (
        select ${settings.value} from ${settings}
        where ${settings.name} = ${sql.placeholder('blacklistSetting')} limit 1)
    )::text as graph
    from ${users} where ${users.id} = ${id}`;
const userGraph = preparedStatement<{ graph: string | null }, { id: number; blacklistSetting: string }>(
  'user_graph',
  () => userGraphSql(sql`${sql.placeholder('id')}`),
);

/** The signed-in user's own document (GET /authorization/check), read with the session (ADR 0028). */
export const ownUserGraphRead: SessionRead = {
  name: 'own_user_graph',
  read: userGraphSql,
  params: () => ({ blacklistSetting: PHONE_PREFIX_BLACKLIST_SETTING }),
};
const dates = new Set(['createdAt']);

/** GET /user/{id}: the user with the includes the product's screens ask for. */
export async function getUserDocument(
  db: Db,
  id: number,
  include: string[],
  options: { hideContacts: boolean; self: boolean },
  /** The graph already read with the session (ownUserGraphRead), when it was. */
  graph: string | null = null,
) {
  const text =
    graph ?? (await userGraph(db, { id, blacklistSetting: PHONE_PREFIX_BLACKLIST_SETTING }))[0]?.graph;
  if (!text) throw notFound('User');
  const {
    user,
    teams: teamRows,
    techs: techRows,
    ownProjects,
    role,
    company,
    phoneBlacklist,
  } = parseWithDates<UserGraph>(text, dates);
  const hideContacts = options.hideContacts && !options.self;
  // Client §3: whether the phone starts with a blacklisted prefix (a contact detail, hidden with them).
  const blacklisted = hideContacts
    ? null
    : isPhonePrefixBlacklisted(user.phone, parsePhonePrefixes(phoneBlacklist));
  const extra = {
    'is-phone-prefix-in-blacklist': blacklisted,
    ...(options.self
      ? { 'last-project-id': user.lastProjectId, 'newest-project-id': ownProjects[0]?.id ?? null }
      : {}),
  };
  const data = presentUser(user, {
    hideContacts,
    teamIds: teamRows.map((t) => t.id),
    techIds: techRows.map((t) => t.id),
    ownProjectIds: ownProjects.map((p) => p.id),
    extra,
  });
  const included = new Included();
  if (include.includes('role') && role) included.add(presentRole(role));
  if (include.includes('company') && company)
    included.add({ type: 'company', id: String(company.id), attributes: { title: company.title } });
  if (include.includes('team'))
    included.addAll(
      teamRows.map((t) => ({ type: 'team', id: String(t.id), attributes: { title: t.title } })),
    );
  if (include.includes('tech') || include.includes('techs'))
    included.addAll(
      techRows.map((t) => ({ type: 'tech', id: String(t.id), attributes: { title: t.title } })),
    );
  if (include.includes('ownProject'))
    included.addAll(
      ownProjects.map((p) => ({ type: 'project', id: String(p.id), attributes: { title: p.title } })),
    );
  return documentOf(data, included);
}
