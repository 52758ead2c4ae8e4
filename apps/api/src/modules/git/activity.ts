import { and, arrayContains, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gitCommits, gitPullRequests, repositories } from '../../db/schema/index.ts';

/**
 * The Git tab's reads: the newest commits and the newest pull/merge requests of a project (or only those
 * naming one task, for the task modal), `size` of each, with the repositories they came from (connected
 * or not: past activity stays after a disconnect). Commits of a branch deleted at the provider leave the
 * tab but stay on the tasks they name.
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
      // The tab lists live branches only; a task keeps every commit that names it (deleted branch or not).
      .where(
        options.taskId === undefined
          ? and(forTask(gitCommits), isNull(gitCommits.branchDeletedAt))
          : forTask(gitCommits),
      )
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
