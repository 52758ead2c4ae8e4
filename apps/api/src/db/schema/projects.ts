import { sql } from 'drizzle-orm';
import {
  boolean,
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
import {
  projectBudgets,
  projectSizes,
  projectStarts,
  projectStates,
  projectStatuses,
  projectTypes,
  techs,
} from './lookups.ts';
import { companies, users } from './people.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    addition: text('addition'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    projectStateId: integer('project_state_id').references(() => projectStates.id),
    projectSizeId: integer('project_size_id').references(() => projectSizes.id),
    projectBudgetId: integer('project_budget_id').references(() => projectBudgets.id),
    projectStartId: integer('project_start_id').references(() => projectStarts.id),
    projectStatusId: integer('project_status_id').references(() => projectStatuses.id),
    accountManagerId: integer('account_manager_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('projects_title_idx').on(t.title, t.id),
    index('projects_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('projects_state_idx').on(t.projectStateId),
    index('projects_size_idx').on(t.projectSizeId),
    index('projects_company_idx').on(t.companyId),
  ],
);

// People on a project besides its owner: clients (product owners), developers, project managers, observers.
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // 'client' | 'developer' | 'projectManager' | 'observer'
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId, t.kind] }),
    index('project_members_user_idx').on(t.userId),
  ],
);

export const projectProjectTypes = pgTable(
  'project_project_types',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    projectTypeId: integer('project_type_id')
      .notNull()
      .references(() => projectTypes.id),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.projectTypeId] })],
);

export const projectTechs = pgTable(
  'project_techs',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    techId: integer('tech_id')
      .notNull()
      .references(() => techs.id),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.techId] })],
);

// File metadata; the bytes live in file_chunks so project queries never read them.
// A file whose upload is in flight has an upload lease (the user's upload slot) and is hidden until it ends.
export const projectFiles = pgTable(
  'project_files',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadLeaseUntil: timestamp('upload_lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_files_project_idx').on(t.projectId, t.createdAt),
    index('project_files_uploading_idx')
      .on(t.uploadedById, t.uploadLeaseUntil)
      .where(sql`${t.uploadLeaseUntil} is not null`),
  ],
);

// A file's bytes in order, at most FILE_CHUNK_SIZE each (stored EXTERNAL, uncompressed: see 0004_file-chunks.sql).
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => projectFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

export const links = pgTable('links', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const projectLinks = pgTable(
  'project_links',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.linkId] })],
);

export const projectUpdates = pgTable(
  'project_updates',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('update'),
    description: text('description').notNull(),
    reporterUserId: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_updates_project_idx').on(t.projectId, t.createdAt.desc())],
);

export const reminderSettings = pgTable(
  'reminder_settings',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isEnabled: integer('is_enabled').notNull().default(0),
  },
  (t) => [uniqueIndex('reminder_settings_project_user_uq').on(t.projectId, t.userId)],
);

// First-visit tour per user and project, kept on the server so it does not repeat on another device.
export const tourStates = pgTable(
  'tour_states',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    step: integer('step').notNull().default(1),
    visited: boolean('visited').notNull().default(false),
    openModal: boolean('open_modal').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

export const workHours = pgTable('work_hours', {
  id: serial('id').primaryKey(),
  weekday: integer('weekday').notNull(), // ISO weekday 1 (Monday) .. 7 (Sunday)
  start: text('start').notNull(), // 'HH:mm' in the company timezone
  end: text('end').notNull(),
});

// Company days off (docs/product.md §F1): dates in the company timezone with no call slots.
export const daysOff = pgTable('days_off', {
  date: text('date').primaryKey(), // 'YYYY-MM-DD' in the company timezone
});

export const scheduledCalls = pgTable(
  'scheduled_calls',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    status: text('status').notNull().default('booked'), // 'booked' | 'pending_approval' | 'cancelled'
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The iCalendar UID of the invite, kept so every later update (approve, move, cancel) replaces it in
    // the client's calendar, and the SEQUENCE of the last invite sent (docs/product.md §F1).
    icsUid: text('ics_uid'),
    icsSequence: integer('ics_sequence').notNull().default(0),
  },
  (t) => [
    // The guarantee against double booking: one live call per slot start, enforced by the database.
    uniqueIndex('scheduled_calls_slot_uq').on(t.scheduledAt).where(sql`${t.status} <> 'cancelled'`),
    index('scheduled_calls_project_idx').on(t.projectId),
    index('scheduled_calls_scheduled_idx').on(t.scheduledAt, t.id),
  ],
);
