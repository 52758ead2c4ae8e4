import assert from 'node:assert/strict';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { seedAdminTables } from './support/seed-projects.ts';

// 45 'Orion' and 5 'Vega' projects are written into the app's embedded database folder before the
// server opens it; the folder is the app's own, stopped and removed with it (e2e/support/app.ts).
const suite = e2eSuite('admin-tables', {
  seed: async (dataDir) => {
    await seedAdminTables(dataDir, 45);
  },
});

const rowTitles = async (page: import('playwright-core').Page) =>
  page.getByRole('table', { name: 'Projects' }).locator('tbody tr td:nth-child(2)').allInnerTexts();

suite.journey(
  'an admin filters the projects table, pages to page 3, reloads, and deletes a project',
  async ({ page, app }) => {
    await signIn(page, app.admin.email, app.admin.password);
    await page.waitForURL('**/projects-table');
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    // Newest first by default: 'Orion 01' is the newest, the 'Vega' ones the oldest (page 4 of 4).
    await page.getByRole('cell', { name: 'Orion 01', exact: true }).waitFor();
    assert.equal(await page.getByRole('cell', { name: 'Vega 05', exact: true }).count(), 0);
    await page.getByRole('button', { name: 'Last page' }).waitFor();
    await expectNoA11yViolations(page);

    // The filter panel is open by default; filter by title.
    await page.getByLabel('Title', { exact: true }).fill('orion');
    await page.getByRole('button', { name: named('SEARCH') }).click();
    await page.waitForURL((url) => url.searchParams.get('title') === 'orion');
    // 50 projects made four pages with arrows; the 45 matches make three pages, so the arrows go.
    const pages = page.getByRole('navigation', { name: 'Projects pages' });
    await pages.getByRole('button', { name: 'Last page' }).waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Projects' }).and(page.locator('[aria-busy="false"]')).waitFor();
    assert.equal((await rowTitles(page)).length, 15);
    assert.equal((await rowTitles(page))[0], 'Orion 01');
    await pages.getByRole('button', { name: 'Page 3' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.getByRole('cell', { name: 'Orion 31', exact: true }).waitFor();
    assert.deepEqual((await rowTitles(page)).slice(0, 2), ['Orion 31', 'Orion 32']);

    // A reload keeps the page and the filter.
    await page.reload();
    await page.getByRole('cell', { name: 'Orion 45', exact: true }).waitFor();
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('page'), '3');
    assert.equal(url.searchParams.get('title'), 'orion');
    assert.equal(await page.getByLabel('Title', { exact: true }).inputValue(), 'orion');
    assert.ok((await rowTitles(page)).every((t) => t.startsWith('Orion')));
    assert.equal(
      await pages.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current'),
      'page',
      'page 3 is the current page',
    );

    // Delete 'Orion 31' through the confirm dialog: CANCEL keeps it, YES deletes it.
    await page.getByRole('button', { name: 'Delete project Orion 31' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Do you really want to delete this project?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: named('CANCEL') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Orion 31', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete project Orion 31' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: named('YES') })
      .click();
    await page.getByText('Project deleted!', { exact: true }).waitFor();
    // The current page reloads: 'Orion 31' is gone and page 3 now starts at 'Orion 32'.
    await page.getByRole('cell', { name: 'Orion 31', exact: true }).waitFor({ state: 'detached' });
    assert.equal((await rowTitles(page))[0], 'Orion 32');
    assert.equal(new URL(page.url()).searchParams.get('page'), '3');

    // Back goes to the previous page of the same filter.
    await page.goBack();
    await page.waitForURL(
      (u) => u.searchParams.get('page') === null && u.searchParams.get('title') === 'orion',
    );
    await page.getByRole('cell', { name: 'Orion 01', exact: true }).waitFor();
  },
);

suite.journey(
  'a phone shows rows as stacked cards, the rest of a row behind Show details',
  async ({ page, app }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, app.admin.email, app.admin.password);
    await page.waitForURL('**/projects-table');
    // No table on a phone (docs/product.md §F5): a list of cards, each a title/value list, no wider than the screen.
    const cards = page.getByRole('list', { name: 'Projects' });
    const orion = cards.getByRole('listitem').filter({ hasText: 'Orion 01' }).first();
    await orion.waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    assert.ok((await page.evaluate<number>('document.documentElement.scrollWidth')) <= 375);
    assert.equal(
      await orion
        .getByRole('term')
        .filter({ hasText: /^Client$/ })
        .count(),
      1,
    );
    assert.equal(
      await orion
        .getByRole('term')
        .filter({ hasText: /^State$/ })
        .count(),
      0,
    );
    await orion.getByRole('button', { name: 'Show details' }).click();
    await orion
      .getByRole('term')
      .filter({ hasText: /^State$/ })
      .waitFor();
    await orion.getByRole('button', { name: 'Hide details' }).waitFor();
    // The filters wait behind one button on a phone; it counts the filters in force.
    const filters = page.getByRole('button', { name: /^Filters/ });
    assert.equal(await filters.getAttribute('aria-expanded'), 'false');
    await page.goto('/projects-table?title=orion');
    await page.getByRole('button', { name: /^Filters\s*1 active$/ }).waitFor();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('textbox', { name: 'Title' }).waitFor();
    await expectNoA11yViolations(page);
  },
);

suite.journey(
  'a page past the end goes to the last page; a failed load says so with a Retry, apart from no-match',
  async ({ page, app }) => {
    await signIn(page, app.admin.email, app.admin.password);
    await page.waitForURL('**/projects-table');

    // ?page=999 of 4 pages: the last page, the address replaced.
    await page.goto('/projects-table?page=999');
    await page.waitForURL((url) => url.searchParams.get('page') === '4');
    await page.getByRole('cell', { name: 'Vega 05', exact: true }).waitFor();
    assert.equal(await page.getByText('No projects yet', { exact: true }).count(), 0);

    // A failed load is an error with its own words and a Retry (logged, no toast: docs/product.md §A8).
    let failing = true;
    await page.route('**/api/project/search**', (route) =>
      failing ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.goto('/projects-table');
    const table = page.getByRole('table', { name: 'Projects' });
    await table.getByText('Projects could not be loaded.', { exact: true }).waitFor();
    assert.equal(await page.getByText('No projects match these filters', { exact: true }).count(), 0);
    assert.equal(await page.getByText('No projects yet', { exact: true }).count(), 0);
    assert.equal(await page.getByText(/^Something went wrong/).count(), 0, 'table loads toast nothing');
    await expectNoA11yViolations(page);
    failing = false;
    await table.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('cell', { name: 'Orion 01', exact: true }).waitFor();

    // No match is its own state.
    await page.goto('/projects-table?title=nothing-like-this');
    await page.getByText('No projects match these filters', { exact: true }).waitFor();
  },
);
