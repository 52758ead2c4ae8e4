import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Role } from '@dd/domain';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, signIn } from './support/fixtures.ts';
import { artifactsDir } from './support/paths.ts';
import { type SeedPerson, seedDatabase } from './support/seed-db.ts';

/**
 * Every screen at 375 px (docs/product.md §F5): each role signs in and visits every page it may open; no page is
 * wider than the phone. Each screen is kept at 375×812 and 1280×800 in e2e/artifacts/screens (docs/product.md §F5),
 * so the next change can be compared.
 */
const PASSWORD = 'phone-pass-123';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const screensDir = join(artifactsDir, 'screens');

const STAFF_ROLES = [
  'admin',
  'accountManager',
  'projectManager',
  'readonlyManager',
  'developer',
  'assistant',
] as const satisfies readonly Role[];
const people: Record<string, SeedPerson> = {
  client: { login: 'owner@example.com', name: 'Olivia Owner-Longname', role: 'client' },
  ...Object.fromEntries(
    STAFF_ROLES.map((role) => [
      role,
      { login: `staff-${role.toLowerCase()}@example.com`, name: `Staff ${role}`, role },
    ]),
  ),
};
let projectId = 0;
let clientId = 0;

async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const [company] = await db.insert(s.companies).values({ title: 'Olivia Shop International' }).returning();
    const ids = await insertPeople(
      Object.fromEntries(
        Object.entries(people).map(([key, person]) => [
          key,
          key === 'client' ? { ...person, companyId: company!.id } : person,
        ]),
      ),
      PASSWORD,
    );
    clientId = ids.client!;
    const [project] = await db
      .insert(s.projects)
      .values({
        title: 'Olivia Shop website with a rather long title',
        ownerId: clientId,
        companyId: company!.id,
        description: 'An online shop',
        accountManagerId: ids.accountManager!,
      })
      .returning();
    projectId = project!.id;
    await db.insert(s.projectMembers).values([
      { projectId, userId: clientId, kind: 'client' },
      { projectId, userId: ids.projectManager!, kind: 'projectManager' },
      { projectId, userId: ids.developer!, kind: 'developer' },
      { projectId, userId: ids.assistant!, kind: 'observer' },
      { projectId, userId: ids.readonlyManager!, kind: 'observer' },
    ]);
    const [sprint] = await db
      .insert(s.sprints)
      .values({ projectId, sprintStatusId: 2, startedAt: new Date() })
      .returning();
    await db.insert(s.tasks).values([
      { projectId, sprintId: sprint!.id, title: 'Checkout with a card', taskStatusId: 5 },
      { projectId, sprintId: sprint!.id, title: 'Cart', taskStatusId: 2 },
    ]);
    await db.insert(s.teams).values({ title: 'Blue team' });
    // The owner has seen the first-visit tour (project-team.test.ts walks through it).
    await db
      .insert(s.tourStates)
      .values({ userId: clientId, projectId, step: 4, visited: true, openModal: false });
  });
}

const suite = e2eSuite('phone-widths', { seed });

const projectPages = () =>
  ['daily-updates', 'perfomance-report', 'chat', 'git', 'tasks'].map((section) => ({
    name: `project-${section}`,
    path: `/project/${section}/${projectId}`,
  }));
const adminTables = [
  { name: 'projects-table', path: '/projects-table' },
  { name: 'users-table', path: '/users-table' },
  { name: 'mail-outbox', path: '/mail-outbox' },
  { name: 'incomplete-registrations', path: '/incomplete-registrations' },
  { name: 'teams-table', path: '/teams-table' },
  { name: 'companies-table', path: '/companies-table' },
  { name: 'calls', path: '/calls' },
];
const adminForms = () => [
  { name: 'edit-user', path: `/edit-user/${clientId}` },
  { name: 'project-settings', path: '/project-settings' },
  { name: 'create-user', path: '/create-user' },
  { name: 'create-company', path: '/create-company' },
  { name: 'create-team', path: '/create-team' },
  { name: 'create-project', path: '/create-project' },
];
const staffPages = () => [
  { name: 'projects-table', path: '/projects-table' },
  { name: 'calls', path: '/calls' },
  ...projectPages(),
];

/**
 * Waits until the screen has stopped loading: a heading, no busy region, no spinner, the progress bar
 * idle. Polled with page.evaluate (waitForFunction would eval a string, which the app's CSP forbids).
 */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  const ready = `document.querySelector('h1') !== null && !document.querySelector('[aria-busy="true"], .mantine-Loader-root, .dd-progress--active, [data-testid="skeleton-row"]')`;
  const until = Date.now() + 8_000;
  while (Date.now() < until && !(await page.evaluate<boolean>(ready))) await page.waitForTimeout(100);
  // Let fonts and the last layout settle before measuring or taking the picture.
  await page.waitForTimeout(150);
}

const pageWidth = (page: Page) =>
  page.evaluate<{ scroll: number; widest: string }>(`(() => {
    const limit = document.documentElement.clientWidth;
    let widest = '';
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > limit + 1 && getComputedStyle(el).position !== 'fixed') {
        widest = el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 80) + ' → ' + Math.round(r.right);
        break;
      }
    }
    return { scroll: document.documentElement.scrollWidth, widest };
  })()`);

/**
 * Visits each page at 375 px, checks the width, and keeps a screenshot at both widths; with `axe`, each
 * page at 375 px also passes axe (the phone layout: cards, Filters button, full-screen modals).
 */
async function visitAll(
  page: Page,
  who: string,
  pages: Array<{ name: string; path: string }>,
  { axe = false } = {},
) {
  await mkdir(screensDir, { recursive: true });
  const wide: string[] = [];
  for (const { name, path } of pages) {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    assert.equal(landed, path.split('?')[0], `${who} may open ${path}`);
    const { scroll, widest } = await pageWidth(page);
    if (scroll > PHONE.width) wide.push(`${path}: ${scroll} px (${widest})`);
    if (axe) await expectNoA11yViolations(page);
    await page.screenshot({ path: join(screensDir, `${who}-${name}-375.png`), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await settle(page);
    await page.screenshot({ path: join(screensDir, `${who}-${name}-1280.png`), fullPage: true });
  }
  assert.deepEqual(wide, [], `pages wider than a 375 px phone for ${who}`);
}

suite.journey('a visitor: sign-in, forgot password, reset link, get started at 375 px', async ({ page }) => {
  await visitAll(
    page,
    'visitor',
    [
      { name: 'signin', path: '/login/signin' },
      { name: 'forgot-password', path: '/login/forgot-password' },
      { name: 'change-password', path: '/login/change-password?token=not-a-real-token' },
      { name: 'get-started', path: '/get-started' },
    ],
    { axe: true },
  );
});

suite.journey('the grand admin: every table and the calls screen at 375 px', async ({ page, app }) => {
  await signIn(page, app.admin.email, app.admin.password);
  await visitAll(page, 'superAdmin', adminTables, { axe: true });
});

suite.journey('the grand admin: every form and settings at 375 px', async ({ page, app }) => {
  await signIn(page, app.admin.email, app.admin.password);
  await visitAll(page, 'superAdmin', adminForms(), { axe: true });
});

suite.journey('the grand admin: every project section at 375 px', async ({ page, app }) => {
  await signIn(page, app.admin.email, app.admin.password);
  await visitAll(page, 'superAdmin', projectPages(), { axe: true });
});

suite.journey('the product owner: the project sections at 375 px', async ({ page }) => {
  await signIn(page, people.client!.login, PASSWORD);
  await visitAll(
    page,
    'client',
    projectPages().filter((p) => p.name !== 'project-tasks'),
    { axe: true },
  );
});

suite.journey('an admin: tables and forms at 375 px', async ({ page }) => {
  await signIn(page, people.admin!.login, PASSWORD);
  await visitAll(page, 'admin', [...adminTables.slice(0, 3), ...adminForms().slice(0, 2)]);
});

for (const role of STAFF_ROLES.filter((r) => r !== 'admin')) {
  suite.journey(`a ${role}: the staff pages at 375 px`, async ({ page }) => {
    await signIn(page, people[role]!.login, PASSWORD);
    // Every staff role reads the calls screen (its own calendar feed); the board is closed to readonlyManager.
    const allowed = staffPages().filter((p) => !(p.name === 'project-tasks' && role === 'readonlyManager'));
    await visitAll(page, role, allowed);
  });
}
