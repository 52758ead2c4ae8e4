import type { StoredLiveEventKind } from '@dd/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './people.ts';
import { projects, scheduledCalls } from './projects.ts';

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  value: text('value').notNull(),
});

// Sign-in sessions: only a hash of the 256-bit token is stored.
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    remember: integer('remember').notNull().default(0),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

// Personal access tokens (migration 0039): an integration's credential, acting as its owner; only a hash
// of the secret is stored. `scope` 'read' allows safe methods only.
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_token_uq').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_uq').on(t.tokenHash)],
);

/**
 * An e-mail change made by someone else than the owner, until the new address confirms it (migration
 * 0012, docs/adr/0018-pending-email-changes.md). Tokens are stored only as their SHA-256.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    oldEmail: text('old_email').notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    cancelTokenHash: text('cancel_token_hash').notNull(),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    cancelExpiresAt: timestamp('cancel_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_changes_confirm_uq').on(t.confirmTokenHash),
    uniqueIndex('email_changes_cancel_uq').on(t.cancelTokenHash),
    index('email_changes_user_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    redirectUrl: text('redirect_url'),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_uq').on(t.tokenHash),
    // One open invitation per address and project (docs/product.md §F13): a double click sends one.
    uniqueIndex('invitations_open_email_uq')
      .on(t.projectId, sql`lower(${t.email})`)
      .where(sql`${t.usedAt} is null`),
  ],
);

// What a visitor typed into the wizard before leaving: for sales follow-up. Never a clear password.
export const incompleteRegistrations = pgTable(
  'incomplete_registrations',
  {
    id: serial('id').primaryKey(),
    step: integer('step').notNull().default(1),
    userEmail: text('user_email'),
    userName: text('user_name'),
    userPhone: text('user_phone'),
    userTimezone: text('user_timezone'),
    userRole: text('user_role'),
    projectTitle: text('project_title'),
    projectDescription: text('project_description'),
    projectTech: text('project_tech'),
    projectBudget: text('project_budget'),
    projectType: text('project_type'),
    projectStart: text('project_start'),
    companyName: text('company_name'),
    companySize: text('company_size'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('incomplete_registrations_created_idx').on(t.createdAt.desc())],
);

// Failed sign-ins, counted per (account, address), per address and per account (modules/auth/login.ts);
// kept in the database so every app process sees them. `account` is 'user:<id>', or 'login:<typed>'
// when no user has that login, so unknown accounts count the same way as known ones.
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.account, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').notNull().default([]),
    // 'queued' (in the job queue) | 'sent' | 'failed' (an attempt failed: retried at next_attempt_at, or
    // given up when that is null) | 'logged' (no SMTP_URL: kept here only)
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);

// Private calendar feeds (docs/product.md §F1): one per staff member, only a hash of the 256-bit token is stored.
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash)],
);

// Live updates (drizzle/0009_live-events.sql): what changed, kept a few minutes for stream replay.
// Written only by modules/events/publish-event.ts, which also announces each row with pg_notify.
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<StoredLiveEventKind>().notNull(),
    resourceId: integer('resource_id').notNull(),
    projectId: integer('project_id').notNull(),
    ownerId: integer('owner_id'),
    clientIds: integer('client_ids').array().notNull().default([]),
    // A notification's event goes to this one user only (drizzle/0014_notifications.sql).
    recipientId: integer('recipient_id'),
  },
  (t) => [index('live_events_at_idx').on(t.at), index('live_events_project_idx').on(t.projectId, t.id)],
);

// Background jobs (drizzle/0010_jobs.sql). Server secrets generated on first start; no route reads them.
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Sent-logs: a row is claimed (insert ... on conflict do nothing) before its mail is queued, so a
// reminder or digest goes out once however many processes look for due work.
export const callRemindersSent = pgTable(
  'call_reminders_sent',
  {
    callId: integer('call_id')
      .notNull()
      .references(() => scheduledCalls.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // '24h' | '1h'
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.callId, t.kind, t.startsAt] })],
);

export const teamRemindersSent = pgTable(
  'team_reminders_sent',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    localDate: date('local_date').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId, t.localDate] })],
);

export const digestsSent = pgTable(
  'digests_sent',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date').notNull(),
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
    updateCount: integer('update_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

// Request rate limits shared by every app process (drizzle/0011_rate-limits.sql): one fixed window per
// key, advanced only by lib/rate-limit-store.ts with an atomic upsert.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);

// One row per open event stream, counted across processes (docs/adr/0019-event-stream-caps.md).
export const eventStreamSlots = pgTable(
  'event_stream_slots',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    sessionId: integer('session_id').notNull(),
    processId: text('process_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_stream_slots_user_idx').on(t.userId, t.seenAt),
    index('event_stream_slots_process_idx').on(t.processId),
  ],
);
