import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

// Every lookup docs/product.md names has the same shape: an id, a title and a display position.
const lookup = (name: string) =>
  pgTable(name, {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  });

export const companySizes = lookup('company_sizes');
export const companyTypes = lookup('company_types');
export const companyIndustries = lookup('company_industries');
export const companyProjectFundings = lookup('company_project_fundings');
export const projectSizes = lookup('project_sizes');
export const projectBudgets = lookup('project_budgets');
export const projectStates = lookup('project_states');
export const projectStarts = lookup('project_starts');
export const projectStatuses = lookup('project_statuses');
export const projectTypes = lookup('project_types');
export const techGroups = lookup('tech_groups');
export const taskTypes = lookup('task_types');
export const taskPriorities = lookup('task_priorities');
export const taskStatuses = lookup('task_statuses');
export const sprintStatuses = lookup('sprint_statuses');

export const techs = pgTable('techs', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  techGroupId: integer('tech_group_id')
    .notNull()
    .references(() => techGroups.id),
  // "actualOnly" in the product's tech search: retired techs stay for history but are not offered.
  actual: boolean('actual').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const timezones = pgTable(
  'timezones',
  {
    id: serial('id').primaryKey(),
    // IANA name, e.g. America/Los_Angeles.
    title: text('title').notNull(),
    // Display offset such as '-08:00' at seed time; real offsets are computed with the tz database.
    offset: text('offset').notNull(),
  },
  (t) => [uniqueIndex('timezones_title_uq').on(t.title)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  itemName: text('item_name').notNull().unique(),
  title: text('title').notNull(),
});
