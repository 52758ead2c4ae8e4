import { sql } from 'drizzle-orm';
import {
  boolean,
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
  companyIndustries,
  companyProjectFundings,
  companySizes,
  companyTypes,
  roles,
  techs,
} from './lookups.ts';

export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: text('data').notNull(), // base64 body; avatars are small and capped by the upload route
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    avatar: text('avatar'),
    companySizeId: integer('company_size_id').references(() => companySizes.id),
    companyTypeId: integer('company_type_id').references(() => companyTypes.id),
    companyIndustryId: integer('company_industry_id').references(() => companyIndustries.id),
    companyProjectFundingId: integer('company_project_funding_id').references(
      () => companyProjectFundings.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_title_idx').on(t.title, t.id)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    avatar: text('avatar'),
    role: text('role')
      .notNull()
      .references(() => roles.itemName),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    timezone: text('timezone'),
    helpNeeded: text('help_needed'),
    passwordHash: text('password_hash').notNull(),
    referralCode: text('referral_code'),
    isActive: boolean('is_active').notNull().default(true),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    lastProjectId: integer('last_project_id'),
    // Clients' daily digest (docs/product.md §F2): off after the mail's unsubscribe link, on again from the profile.
    digestEnabled: boolean('digest_enabled').notNull().default(true),
    // Named in the unsubscribe token; raised when the digest is turned on again (old links stop working).
    digestTokenVersion: integer('digest_token_version').notNull().default(0),
    // The same for the notification mails' unsubscribe link: raised when a kind's e-mail is turned on again.
    notificationTokenVersion: integer('notification_token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_uq').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_name_idx').on(t.name, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_role_idx').on(t.role, t.name),
    index('users_company_idx').on(t.companyId),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    punchLine: text('punch_line'),
    avatar: text('avatar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teams_title_idx').on(t.title, t.id)],
);

// A team's developers and project managers; which list a member is in follows the member's role.
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const userTechs = pgTable(
  'user_techs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    techId: integer('tech_id')
      .notNull()
      .references(() => techs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.techId] })],
);
