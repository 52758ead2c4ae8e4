import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './people.ts';
import { projects } from './projects.ts';

// The notification centre (drizzle/0014_notifications.sql, docs/adr/0020-notifications.md).
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    /** The project it is about (drizzle/0038): a batch all about one project is answerable to it. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    inApp: boolean('in_app').notNull().default(true),
    mailPending: boolean('mail_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_list_idx').on(t.userId, t.id.desc()).where(sql`${t.inApp}`),
    index('notifications_user_unread_idx').on(t.userId, t.id).where(sql`${t.inApp} and ${t.readAt} is null`),
    index('notifications_mail_pending_idx').on(t.userId, t.id).where(sql`${t.mailPending}`),
  ],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ name: 'notification_preferences_pk', columns: [t.userId, t.kind] })],
);

export const notificationMailings = pgTable('notification_mailings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }).notNull(),
});
