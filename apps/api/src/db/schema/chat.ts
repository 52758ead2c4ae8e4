import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './people.ts';
import { projectFiles, projects } from './projects.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// Project chat (migration 0016, docs/adr/0022-project-chat.md).
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    replyToId: integer('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    search: tsvector('search').notNull().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, body)`),
  },
  (t) => [
    index('messages_project_id_idx').on(t.projectId, t.id),
    index('messages_search_idx').using('gin', t.search),
    index('messages_created_idx').on(t.createdAt),
  ],
);

export const messageMentions = pgTable(
  'message_mentions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** when the message first named them (an edit that adds the name: the edit's time; migration 0021) */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('message_mentions_user_idx').on(t.userId, t.messageId),
  ],
);

export const messageFiles = pgTable(
  'message_files',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => projectFiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] }), index('message_files_file_idx').on(t.fileId)],
);

export const messageReads = pgTable(
  'message_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailedThroughId: integer('mailed_through_id').notNull().default(0),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    mailEnabled: boolean('mail_enabled').notNull().default(true),
    // Named in this project's unsubscribe link; raised when the mail is turned on again (migration 0019).
    mailTokenVersion: integer('mail_token_version').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('message_reads_project_idx').on(t.projectId),
  ],
);

// Replies by mail posted in a project's chat (migration 0036, modules/inbound-mail): one row per mail, by
// its Message-ID, so the same mail delivered or sent again is not posted twice.
export const inboundReplies = pgTable('inbound_replies', {
  id: serial('id').primaryKey(),
  mailKey: text('mail_key').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
