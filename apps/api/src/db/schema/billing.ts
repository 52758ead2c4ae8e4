import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tasks } from './board.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

// Migration 0031 (docs/adr/0049-billing-from-accepted-work.md). Money columns are bigint minor units read
// as JS numbers: every sum the product can reach stays far below 2^53.

export const projectBillingTerms = pgTable('project_billing_terms', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  pricing: text('pricing').notNull().default('hourly'),
  currency: char('currency', { length: 3 }).notNull().default('EUR'),
  hourlyRate: bigint('hourly_rate', { mode: 'number' }).notNull().default(0),
  fixedPrice: bigint('fixed_price', { mode: 'number' }).notNull().default(0),
  budgetCapKind: text('budget_cap_kind'),
  budgetCap: bigint('budget_cap', { mode: 'number' }),
  taxRateBp: integer('tax_rate_bp').notNull().default(0),
  capNotifiedPercent: integer('cap_notified_percent').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('draft'),
    number: text('number').unique(),
    currency: char('currency', { length: 3 }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_one_draft_per_period')
      .on(t.projectId, t.periodStart, t.periodEnd)
      .where(sql`${t.status} = 'draft'`),
    index('invoices_project_idx').on(t.projectId, t.id),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('work'),
    description: text('description').notNull(),
    minutes: integer('minutes').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    uniqueIndex('invoice_lines_task_billed_once')
      .on(t.taskId)
      .where(sql`${t.kind} = 'work' AND NOT ${t.released}`),
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
  ],
);

export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export const timeEntries = pgTable(
  'time_entries',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    minutes: integer('minutes').notNull().default(0),
    note: text('note').notNull().default(''),
    billable: boolean('billable').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }),
    invoiceLineId: integer('invoice_line_id').references(() => invoiceLines.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('time_entries_one_running_timer').on(t.userId).where(sql`${t.startedAt} IS NOT NULL`),
    index('time_entries_task_idx').on(t.taskId),
    index('time_entries_project_date_idx').on(t.projectId, t.date),
    index('time_entries_user_date_idx').on(t.userId, t.date),
  ],
);
