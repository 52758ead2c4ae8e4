import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tasks } from './board.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

// A project's repositories (migration 0017, docs/adr/0023-webhooks.md).
export const repositories = pgTable(
  'repositories',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(), // 'github' | 'gitlab'
    name: text('name').notNull(),
    secretCipher: text('secret_cipher'),
    defaultBranch: text('default_branch'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('repositories_connected_uq')
      .on(t.provider, sql`lower(${t.name})`)
      .where(sql`${t.disconnectedAt} is null`),
    index('repositories_project_idx').on(t.projectId),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    deliveryId: text('delivery_id').notNull(),
    event: text('event').notNull(),
    body: bytea('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    // A delivery id is unique per repository (migration 0035): two repositories may send the same one.
    uniqueIndex('webhook_deliveries_repository_delivery_uq').on(t.repositoryId, t.deliveryId),
    index('webhook_deliveries_repository_idx').on(t.repositoryId, t.receivedAt.desc()),
    // The prune of old raw deliveries (migration 0021).
    index('webhook_deliveries_received_idx').on(t.receivedAt),
  ],
);

export const gitCommits = pgTable(
  'git_commits',
  {
    id: serial('id').primaryKey(),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sha: text('sha').notNull(),
    branch: text('branch').notNull(),
    message: text('message').notNull(),
    authorName: text('author_name').notNull(),
    url: text('url'),
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull(),
    taskIds: integer('task_ids').array().notNull().default(sql`'{}'`),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
    /** its branch was deleted at the provider: off the Git tab, still linked to its tasks (migration 0021) */
    branchDeletedAt: timestamp('branch_deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('git_commits_sha_uq').on(t.repositoryId, t.sha),
    index('git_commits_project_idx').on(t.projectId, t.pushedAt.desc(), t.id.desc()),
    index('git_commits_tasks_idx').using('gin', t.taskIds),
  ],
);

export const gitPullRequests = pgTable(
  'git_pull_requests',
  {
    id: serial('id').primaryKey(),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    state: text('state').notNull(), // 'open' | 'merged' | 'closed'
    url: text('url'),
    authorName: text('author_name').notNull(),
    sourceBranch: text('source_branch').notNull(),
    targetBranch: text('target_branch').notNull(),
    taskIds: integer('task_ids').array().notNull().default(sql`'{}'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('git_pull_requests_number_uq').on(t.repositoryId, t.number),
    index('git_pull_requests_project_idx').on(t.projectId, t.updatedAt.desc(), t.id.desc()),
    index('git_pull_requests_tasks_idx').using('gin', t.taskIds),
  ],
);

export const gitTaskMoves = pgTable(
  'git_task_moves',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.action, t.source] })],
);
