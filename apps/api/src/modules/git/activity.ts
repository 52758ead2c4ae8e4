import { and, arrayContains, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gitCommits, gitPullRequests, repositories } from '../../db/schema/index.ts';

/**
 * The Git tab's reads: the newest commits and the newest pull/merge requests of a project (or only those
 * naming one task, for the task modal), `size` of each, with the repositories they came from (connected
 * or not: past activity stays after a disconnect).
 */
export async function readGitActivity(db: Db, projectId: number, options: { size: number; taskId?: number }) {
  const forTask = <T extends typeof gitCommits | typeof gitPullRequests>(table: T) =>
    options.taskId === undefined
      ? eq(table.projectId, projectId)
      : and(eq(table.projectId, projectId), arrayContains(table.taskIds, [options.taskId]));
  const [commits, requests] = await Promise.all([
    db
      .select()
      .from(gitCommits)
      .where(forTask(gitCommits))
      .orderBy(desc(gitCommits.pushedAt), desc(gitCommits.committedAt), desc(gitCommits.id))
      .limit(options.size),
    db
      .select()
      .from(gitPullRequests)
      .where(forTask(gitPullRequests))
      .orderBy(desc(gitPullRequests.updatedAt), desc(gitPullRequests.id))
      .limit(options.size),
  ]);
  const ids = [...new Set([...commits, ...requests].map((r) => r.repositoryId))];
  const repos =
    ids.length > 0 ? await db.select().from(repositories).where(inArray(repositories.id, ids)) : [];
  return { commits, requests, repositories: repos };
}
