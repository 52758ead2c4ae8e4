import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sprintStatuses, taskPriorities, taskStatuses, taskTypes } from './lookups.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

export const sprints = pgTable(
  'sprints',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sprintStatusId: integer('sprint_status_id')
      .notNull()
      .default(1)
      .references(() => sprintStatuses.id),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sprints_project_idx').on(t.projectId, t.createdAt.desc())],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tags_project_idx').on(t.projectId)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sprintId: integer('sprint_id').references(() => sprints.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    taskStatusId: integer('task_status_id')
      .notNull()
      .default(1)
      .references(() => taskStatuses.id),
    taskTypeId: integer('task_type_id').references(() => taskTypes.id),
    taskPriorityId: integer('task_priority_id').references(() => taskPriorities.id),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    estimate: numeric('estimate'),
    position: integer('position').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    // The current delivery's review (migration 0015): who delivered, who decided, when and why.
    deliveredById: integer('delivered_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_project_idx').on(t.projectId, t.position),
    index('tasks_sprint_idx').on(t.sprintId, t.position),
    index('tasks_owner_idx').on(t.ownerId),
    index('tasks_delivery_idx')
      .on(t.projectId, t.deliveredAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.taskStatusId} in (4, 5, 6)`),
    // The review card's waiting deliveries and the report's open roadblocks (migration 0020).
    index('tasks_waiting_idx')
      .on(t.projectId, t.deliveredAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.taskStatusId} = 4`),
    index('tasks_open_blocker_idx')
      .on(t.projectId)
      .where(sql`${t.taskTypeId} = 2 and ${t.taskStatusId} <> 5`),
  ],
);

export const taskTags = pgTable(
  'task_tags',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.tagId] }), index('task_tags_tag_idx').on(t.tagId)],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_comments_task_idx').on(t.taskId, t.createdAt)],
);

// Project history: every change to sprints and tasks, who, what and when.
export const projectEvents = pgTable(
  'project_events',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(), // 'task' | 'sprint' | 'tag' | 'comment' | 'user'
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_events_project_idx').on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index('project_events_task_status_idx')
      .on(t.projectId, t.entityId, t.createdAt)
      .where(
        sql`${t.entity} = 'task' and ${t.action} in ('start', 'finish', 'deliver', 'accept', 'reject', 'restart')`,
      ),
  ],
);
