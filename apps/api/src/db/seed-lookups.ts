import {
  BOOKING_RULES_SETTING,
  COMPANY_TIMEZONE,
  COMPANY_TIMEZONE_SETTING,
  DEFAULT_BOOKING_RULES,
  NEW_INSTALL_WORK_HOURS,
  PHONE_PREFIX_BLACKLIST_SETTING,
  ROLE_LABELS,
  ROLES,
  type WorkDay,
} from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as s from './schema/index.ts';

const LOOKUP_TABLES = {
  companySizes: s.companySizes,
  companyTypes: s.companyTypes,
  companyIndustries: s.companyIndustries,
  companyProjectFundings: s.companyProjectFundings,
  projectSizes: s.projectSizes,
  projectBudgets: s.projectBudgets,
  projectStates: s.projectStates,
  projectStarts: s.projectStarts,
  projectStatuses: s.projectStatuses,
  projectTypes: s.projectTypes,
  taskTypes: s.taskTypes,
  taskPriorities: s.taskPriorities,
  taskStatuses: s.taskStatuses,
  sprintStatuses: s.sprintStatuses,
};

// Realistic values for every lookup, written once on first start (docs/product.md §D3).
const LOOKUPS = {
  companySizes: [
    'Just me',
    '2-10 employees',
    '11-50 employees',
    '51-200 employees',
    '201-1000 employees',
    '1000+ employees',
  ],
  companyTypes: ['Startup', 'Small business', 'Enterprise', 'Agency', 'Non-profit', 'Government'],
  companyIndustries: [
    'Software',
    'E-commerce',
    'Finance',
    'Healthcare',
    'Education',
    'Media',
    'Logistics',
    'Real estate',
    'Other',
  ],
  companyProjectFundings: ['Bootstrapped', 'Pre-seed', 'Seed', 'Series A', 'Series B+', 'Public company'],
  projectSizes: [
    'Small (under 1 month)',
    'Medium (1-3 months)',
    'Large (3-6 months)',
    'Extra large (6+ months)',
  ],
  projectBudgets: [
    'Less than $10,000',
    '$10,000 - $50,000',
    '$50,000 - $100,000',
    '$100,000 - $250,000',
    'More than $250,000',
    'Not sure yet',
  ],
  projectStates: [
    'Build a new product from scratch',
    'Improve or scale an existing product',
    'Hire developers for my team',
    'Rescue a troubled project',
    'Other',
  ],
  projectStarts: ['Right away', 'Within a month', 'In 1-3 months', 'Not decided yet'],
  projectStatuses: ['New', 'Discovery', 'In progress', 'On hold', 'Support', 'Completed', 'Cancelled'],
  projectTypes: [
    'Web application',
    'Mobile application',
    'Website',
    'API / Backend',
    'UI/UX design',
    'DevOps',
    'QA / Testing',
    'Other',
  ],
  taskTypes: ['Bug', 'Blocker', 'Feature'],
  taskPriorities: ['Low', 'Medium', 'High', 'Critical'],
  taskStatuses: [
    'Unstarted',
    'Started',
    'Finished',
    'Delivered',
    'Accepted',
    'Rejected',
    'Restarted',
    'Icebox',
  ],
  sprintStatuses: ['New', 'Started', 'Finished'],
} as const;

const TECHS: Record<string, string[]> = {
  Backend: [
    'Node.js',
    'Python',
    'Django',
    'Ruby on Rails',
    'PHP',
    'Laravel',
    'Java',
    'Spring',
    '.NET',
    'Go',
    'Elixir',
  ],
  Frontend: [
    'React',
    'Vue.js',
    'Angular',
    'Svelte',
    'Next.js',
    'TypeScript',
    'React Native',
    'Flutter',
    'Swift',
    'Kotlin',
  ],
  Databases: ['PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'Elasticsearch', 'SQLite', 'DynamoDB'],
  Server: ['AWS', 'Google Cloud', 'Azure', 'Docker', 'Kubernetes', 'Nginx', 'Terraform', 'Heroku'],
  'Testing tools': ['Jest', 'Vitest', 'Cypress', 'Playwright', 'Selenium', 'PHPUnit', 'pytest'],
  Other: ['GraphQL', 'Stripe', 'Twilio', 'OpenAI API', 'WebRTC', 'Blockchain'],
};

const TIMEZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'Atlantic/Azores',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Kyiv',
  'Europe/Istanbul',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Pacific/Auckland',
  'UTC',
];

function offsetOf(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part?.replace('GMT', '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/**
 * Settings the app reads, created once with an empty value (nothing blacklisted) so staff find them in the
 * settings table; idempotent, so a database seeded before a setting existed gets it on the next start.
 */
// Every start adds the settings an install lacks, with the values the app used before they were settings
// (docs/product.md §C9, §F1), so an existing install behaves as before until an admin changes them.
async function seedSettings(db: Db): Promise<void> {
  await db
    .insert(s.settings)
    .values([
      { name: PHONE_PREFIX_BLACKLIST_SETTING, value: '' },
      { name: BOOKING_RULES_SETTING, value: JSON.stringify(DEFAULT_BOOKING_RULES) },
      { name: COMPANY_TIMEZONE_SETTING, value: COMPANY_TIMEZONE },
    ])
    .onConflictDoNothing();
}

/**
 * First start: roles, lookups, zones and the work hours (a new install's Monday to Friday 09:00-17:00,
 * docs/product.md §F1, unless `workHours` says otherwise). Later starts only add missing settings.
 */
export async function seedLookups(db: Db, options: { workHours?: readonly WorkDay[] } = {}): Promise<void> {
  const seededHours = options.workHours ?? NEW_INSTALL_WORK_HOURS;
  await seedSettings(db);
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(s.roles);
  if (count > 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(s.roles).values(ROLES.map((itemName) => ({ itemName, title: ROLE_LABELS[itemName] })));
    for (const [table, titles] of Object.entries(LOOKUPS)) {
      await tx
        .insert(LOOKUP_TABLES[table as keyof typeof LOOKUPS])
        .values(titles.map((title, position) => ({ title, position })));
    }
    let position = 0;
    for (const [group, names] of Object.entries(TECHS)) {
      const [row] = await tx.insert(s.techGroups).values({ title: group, position: position++ }).returning();
      await tx
        .insert(s.techs)
        .values(names.map((title, i) => ({ title, techGroupId: row!.id, position: i })));
    }
    const now = new Date();
    await tx.insert(s.timezones).values(TIMEZONES.map((title) => ({ title, offset: offsetOf(title, now) })));
    await tx
      .insert(s.workHours)
      .values(
        seededHours.flatMap((day) =>
          day.periods.map((p) => ({ weekday: day.weekday, start: p.start, end: p.end })),
        ),
      );
  });
}
