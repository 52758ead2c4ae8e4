import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projectStarts, projects } from '../../db/schema/index.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';

/** The shell's projects strip (docs/product.md §C2): a client's projects, newest first, with team size. */
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
    })
    .from(projects)
    .leftJoin(projectStarts, eq(projectStarts.id, projects.projectStartId))
    .where(or(eq(projects.ownerId, userId), inArray(projects.id, mine)))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(500);
  const ids = rows.map((r) => r.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ projectId: projectMembers.projectId, count: sql<number>`count(*)::int` })
          .from(projectMembers)
          .where(
            and(
              inArray(projectMembers.projectId, ids),
              inArray(projectMembers.kind, ['developer', 'projectManager']),
            ),
          )
          .groupBy(projectMembers.projectId);
  const teamSize = new Map(counts.map((c) => [c.projectId, Number(c.count)]));
  return rows.map(
    (r): Resource => ({
      type: 'project',
      id: String(r.id),
      attributes: {
        title: r.title,
        created: r.createdAt.toISOString(),
        start: r.start,
        'team-size': teamSize.get(r.id) ?? 0,
      },
    }),
  );
}
