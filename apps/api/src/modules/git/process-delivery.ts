import { type GitProvider, readTaskCommands, shortSha } from '@dd/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gitCommits, gitPullRequests, repositories, webhookDeliveries } from '../../db/schema/index.ts';
import type { Tx } from '../board/tx.ts';
import { liveEventCtes, notifyLiveEvent } from '../events/publish-event.ts';
import { type PullRequest, type Push, readChange } from './provider-payloads.ts';
import type { RepositoryRow } from './repositories.ts';
import { applyGitCommand, tasksOfProject } from './task-moves.ts';

/**
 * The job of one stored delivery: commits and requests recorded, the tasks they name linked, their
 * commands carried out, all in one transaction with the Git tab's live event; then marked processed.
 * A delivery already processed (a retried job) is skipped.
 */
export async function processDelivery(db: Db, deliveryId: number, now: Date): Promise<void> {
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery || delivery.processedAt) return;
  const payload: unknown = JSON.parse(delivery.body.toString('utf8'));
  const change = readChange(delivery.provider as GitProvider, delivery.event, payload);
  await db.transaction(async (tx) => {
    // One delivery of a repository at a time, so a request's 'closed' never lands before its 'opened'.
    const [repository] = await tx
      .select()
      .from(repositories)
      .where(eq(repositories.id, delivery.repositoryId))
      .for('update');
    if (!repository) return;
    if (change?.defaultBranch && change.defaultBranch !== repository.defaultBranch) {
      await tx
        .update(repositories)
        .set({ defaultBranch: change.defaultBranch })
        .where(eq(repositories.id, repository.id));
      repository.defaultBranch = change.defaultBranch;
    }
    if (change?.kind === 'push') await recordPush(tx, repository, change, now);
    if (change?.kind === 'pull-request') await recordPullRequest(tx, repository, change, now);
    if (change?.kind === 'branch' && change.deleted) await forgetBranch(tx, repository, change.deleted, now);
    // Marked processed and announced to the Git tab in one statement.
    await tx.execute(sql`
      with processed as (
        update ${webhookDeliveries} set processed_at = ${now} where ${webhookDeliveries.id} = ${deliveryId}
      ), ${liveEventCtes({ kind: 'git', id: repository.id, projectId: repository.projectId })}
      select ${notifyLiveEvent} from live_event`);
  });
}

async function recordPush(tx: Tx, repository: RepositoryRow, push: Push, now: Date) {
  const merged = push.branch === repository.defaultBranch;
  const read = push.commits.map((commit) => readTaskCommands(commit.message, { merged }));
  // One look-up for every task the push names.
  const ours = new Set(
    await tasksOfProject(tx, repository.projectId, [...new Set(read.flatMap((r) => r.taskIds))]),
  );
  for (const [i, commit] of push.commits.entries()) {
    const { taskIds, commands } = read[i]!;
    const linked = taskIds.filter((id) => ours.has(id)).sort((a, b) => a - b);
    await tx
      .insert(gitCommits)
      .values({
        repositoryId: repository.id,
        projectId: repository.projectId,
        sha: commit.sha,
        branch: push.branch,
        message: commit.message,
        authorName: commit.authorName,
        url: commit.url,
        committedAt: commit.at,
        taskIds: linked,
        pushedAt: now,
      })
      .onConflictDoUpdate({
        target: [gitCommits.repositoryId, gitCommits.sha],
        // Seen before: listed where it lives now when it reaches the default branch (merged) or comes
        // back on a branch after its first one was deleted; otherwise left where it was first pushed.
        set: { branch: push.branch, branchDeletedAt: null },
        setWhere: merged
          ? sql`${gitCommits.branch} <> ${push.branch} or ${gitCommits.branchDeletedAt} is not null`
          : sql`${gitCommits.branchDeletedAt} is not null`,
      });
    // A commit seen before (pushed to a branch, now merged into the default one) is listed once; its
    // commands run again, but each (task, action, commit) is claimed once: only its Fixes/Closes, which
    // wait for the default branch, can be new.
    const git = {
      provider: repository.provider,
      ref: shortSha(commit.sha),
      authorName: commit.authorName,
      url: commit.url,
    };
    for (const command of commands.filter((c) => linked.includes(c.taskId)))
      await applyGitCommand(tx, {
        projectId: repository.projectId,
        command,
        source: `commit:${repository.id}:${commit.sha}`,
        git,
        now,
      });
  }
}

async function recordPullRequest(tx: Tx, repository: RepositoryRow, pr: PullRequest, now: Date) {
  const merged = pr.state === 'merged' && pr.targetBranch === (pr.defaultBranch ?? repository.defaultBranch);
  const { taskIds, commands } = readTaskCommands(`${pr.title}\n${pr.body}`, { merged });
  const linked = await tasksOfProject(tx, repository.projectId, taskIds);
  const values = {
    title: pr.title,
    state: pr.state,
    url: pr.url,
    authorName: pr.authorName,
    sourceBranch: pr.sourceBranch,
    targetBranch: pr.targetBranch,
    taskIds: linked,
    updatedAt: now,
  };
  await tx
    .insert(gitPullRequests)
    .values({ repositoryId: repository.id, projectId: repository.projectId, number: pr.number, ...values })
    .onConflictDoUpdate({ target: [gitPullRequests.repositoryId, gitPullRequests.number], set: values });
  if (!pr.acts) return;
  const ref = repository.provider === 'gitlab' ? `!${pr.number}` : `#${pr.number}`;
  const git = { provider: repository.provider, ref, authorName: pr.authorName, url: pr.url };
  for (const command of commands.filter((c) => linked.includes(c.taskId)))
    await applyGitCommand(tx, {
      projectId: repository.projectId,
      command,
      source: `request:${repository.id}:${pr.number}`,
      git,
      now,
    });
}

/**
 * A branch deleted at the provider: its commits leave the Git tab (docs/adr/0023-webhooks.md). Their rows
 * stay, so the tasks they name keep their links and history; a commit merged into the default branch
 * before was moved there by that push and is not touched.
 */
async function forgetBranch(tx: Tx, repository: RepositoryRow, branch: string, now: Date) {
  await tx
    .update(gitCommits)
    .set({ branchDeletedAt: now })
    .where(
      and(
        eq(gitCommits.repositoryId, repository.id),
        eq(gitCommits.branch, branch),
        isNull(gitCommits.branchDeletedAt),
      ),
    );
}
