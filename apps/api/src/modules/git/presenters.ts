import { shortSha } from '@dd/domain';
import type { gitCommits, gitPullRequests } from '../../db/schema/index.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';
import type { RepositoryRow } from './repositories.ts';

/** A repository as everyone who reads the project sees it: never its secret. */
export function presentRepository(row: RepositoryRow & { lastDeliveryAt?: Date | null }): Resource {
  return {
    type: 'repository',
    id: String(row.id),
    attributes: {
      provider: row.provider,
      name: row.name,
      'default-branch': row.defaultBranch,
      connected: row.connectedAt.toISOString(),
      'last-delivery': row.lastDeliveryAt?.toISOString() ?? null,
    },
  };
}

/** The answer of a connection or rotation: the only one that carries the secret, shown once. */
export function presentRepositoryWithSecret(row: RepositoryRow, secret: string, publicUrl: string): Resource {
  const base = presentRepository(row);
  return {
    ...base,
    attributes: {
      ...base.attributes,
      'webhook-url': `${publicUrl}/api/webhooks/${row.provider}/${row.id}`,
      secret,
    },
  };
}

const repositoryRef = (id: number) => ({ repository: { data: { type: 'repository', id: String(id) } } });

export function presentCommit(row: typeof gitCommits.$inferSelect): Resource {
  return {
    type: 'git-commit',
    id: String(row.id),
    attributes: {
      sha: row.sha,
      'short-sha': shortSha(row.sha),
      message: row.message,
      'author-name': row.authorName,
      url: row.url,
      branch: row.branch,
      committed: row.committedAt.toISOString(),
      'task-ids': row.taskIds,
    },
    relationships: repositoryRef(row.repositoryId),
  };
}

export function presentPullRequest(row: typeof gitPullRequests.$inferSelect): Resource {
  return {
    type: 'git-pull-request',
    id: String(row.id),
    attributes: {
      number: row.number,
      title: row.title,
      state: row.state,
      url: row.url,
      'author-name': row.authorName,
      'source-branch': row.sourceBranch,
      'target-branch': row.targetBranch,
      updated: row.updatedAt.toISOString(),
      'task-ids': row.taskIds,
    },
    relationships: repositoryRef(row.repositoryId),
  };
}
