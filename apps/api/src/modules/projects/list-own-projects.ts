import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projectStarts, projects } from '../../db/schema/index.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';

/**
 * The shell's projects strip (docs/product.md §C2): a client's projects, newest first, with the team size the
 * team card shows (developers, project managers and the account manager, each person once).
 */
export async function listOwnProjects(db: Db, userId: number) {
  const mine = db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.kind, 'client')));
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      createdAt: projects.createdAt,
      start: projectStarts.title,
      teamSize: sql<number>`(select count(*)::int from (
        select ${projectMembers.userId} as person from ${projectMembers}
        where ${projectMembers.projectId} = ${projects.id}
          and ${projectMembers.kind} in ('developer', 'projectManager')
        union
        select ${projects.accountManagerId} where ${projects.accountManagerId} is not null
      ) team)`,
    })
    .from(projects)
    .leftJoin(projectStarts, eq(projectStarts.id, projects.projectStartId))
    .where(or(eq(projects.ownerId, userId), inArray(projects.id, mine)))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(500);
  return rows.map(
    (r): Resource => ({
      type: 'project',
      id: String(r.id),
      attributes: {
        title: r.title,
        created: r.createdAt.toISOString(),
        start: r.start,
        'team-size': Number(r.teamSize),
      },
    }),
  );
}
