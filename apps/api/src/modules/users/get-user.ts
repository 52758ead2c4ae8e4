import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  projects,
  roles,
  teamMembers,
  teams,
  techs,
  users,
  userTechs,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { documentOf, Included } from '../../lib/jsonapi/document.ts';
import { isUserPhoneBlacklisted } from '../scheduled-calls/phone-blacklist.ts';
import { presentRole, presentUser } from './user-presenter.ts';

export const USER_INCLUDES = ['role', 'company', 'techs', 'tech', 'team', 'ownProject'] as const;

export async function loadUser(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound('User');
  return user;
}

/** GET /user/{id}: the user with the includes the spec's screens ask for. */
export async function getUserDocument(
  db: Db,
  id: number,
  include: string[],
  options: { hideContacts: boolean; self: boolean },
) {
  const user = await loadUser(db, id);
  const [teamRows, techRows, ownProjects] = await Promise.all([
    db
      .select({ id: teams.id, title: teams.title })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, id)),
    db
      .select({ id: techs.id, title: techs.title })
      .from(userTechs)
      .innerJoin(techs, eq(techs.id, userTechs.techId))
      .where(eq(userTechs.userId, id)),
    db
      .select({ id: projects.id, title: projects.title })
      .from(projects)
      .where(eq(projects.ownerId, id))
      .orderBy(desc(projects.createdAt)),
  ]);
  const hideContacts = options.hideContacts && !options.self;
  // Client §3: whether the phone starts with a blacklisted prefix (a contact detail, hidden with them).
  const blacklisted = hideContacts ? null : await isUserPhoneBlacklisted(db, user.phone);
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
  if (include.includes('role')) {
    const [role] = await db.select().from(roles).where(eq(roles.itemName, user.role));
    if (role) included.add(presentRole(role));
  }
  if (include.includes('company') && user.companyId) {
    const [company] = await db
      .select({ id: companies.id, title: companies.title })
      .from(companies)
      .where(inArray(companies.id, [user.companyId]));
    if (company)
      included.add({ type: 'company', id: String(company.id), attributes: { title: company.title } });
  }
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
