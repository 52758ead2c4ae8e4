import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2eSuite, signIn } from './support/fixtures.ts';
import { seedDatabase } from './support/seed-db.ts';

/**
 * The app's CSP has no 'unsafe-eval'. A library that only tries eval (zod's JIT probes `new Function`
 * and catches the refusal) still makes Chromium report a violation on every such page; none may be
 * reported on the table and board pages.
 */
const PASSWORD = 'csp-pass-123';
const people = {
  admin: { login: 'csp-admin@example.com', name: 'Ada Admin', role: 'admin', phone: '5550900' },
  client: { login: 'csp-client@example.com', name: 'Carl Client', role: 'client', phone: '5550901' },
} as const;
let projectId = 0;

const suite = e2eSuite('csp-strict', {
  seed: (dataDir: string) =>
    seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
      const ids = await insertPeople(people, PASSWORD);
      const [project] = await db
        .insert(s.projects)
        .values({ title: 'Strict CSP shop', ownerId: ids.client })
        .returning();
      projectId = project!.id;
    }),
});

/** Every `securitypolicyviolation` the page's documents report, kept across navigations. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const seen = JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${location.pathname}`);
      sessionStorage.setItem('csp-violations', JSON.stringify(seen));
    });
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[]);
}

suite.journey('the table and board pages run under the strict CSP without a violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await signIn(page, people.admin.login, PASSWORD);
  for (const path of ['/projects-table?title=shop', '/users-table', '/teams-table', '/companies-table']) {
    await page.goto(path);
    await page.getByRole('table').first().waitFor();
  }
  await page.goto(`/project/tasks/${projectId}`);
  await page.getByRole('heading', { name: 'Task board' }).waitFor();
  await page.getByRole('button', { name: 'Add Tasks' }).click();
  await page.getByRole('dialog', { name: 'New task' }).waitFor();
  assert.deepEqual(await violations(), []);
});
