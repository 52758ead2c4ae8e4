import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { openPage } from './support/browser.ts';
import { e2eSuite, signIn } from './support/fixtures.ts';
import { artifactsDir } from './support/paths.ts';
import { seedDatabase } from './support/seed-db.ts';

/**
 * The product owner's review and the performance report (docs/adr/0021-delivery-review-and-report.md):
 * staff deliver on the board, the client's open page shows the card live, the client rejects with a
 * reason and the board shows the task rejected with the reason as a comment; the client reads the report
 * at 1280 and 375 px and downloads its CSV.
 */
const PASSWORD = 'review-pass-123';
const people = {
  client: { login: 'owner@example.com', name: 'Olivia Owner', role: 'client', phone: '5550100' },
  projectManager: {
    login: 'pm@example.com',
    name: 'Peter Manager',
    role: 'projectManager',
    phone: '5550200',
  },
} as const;
let projectId = 0;
const DAY = 86_400_000;
const screensDir = join(artifactsDir, 'screens');

async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const ids = await insertPeople(people, PASSWORD);
    const [project] = await db
      .insert(s.projects)
      .values({ title: 'Olivia Shop website', ownerId: ids.client, description: 'An online shop' })
      .returning();
    projectId = project!.id;
    await db.insert(s.projectMembers).values([
      { projectId, userId: ids.client, kind: 'client' },
      { projectId, userId: ids.projectManager, kind: 'projectManager' },
    ]);
    // This owner finished the first-visit tour.
    await db
      .insert(s.tourStates)
      .values({ userId: ids.client, projectId, step: 4, visited: true, openModal: false });
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    // A finished sprint with its history, for the report; the running one with a finished task to deliver.
    const [done, running] = await db
      .insert(s.sprints)
      .values([
        { projectId, sprintStatusId: 3, startedAt: ago(30), finishedAt: ago(16) },
        { projectId, sprintStatusId: 2, startedAt: ago(15) },
      ])
      .returning();
    const tasks = await db
      .insert(s.tasks)
      .values([
        {
          projectId,
          sprintId: done!.id,
          title: 'Product list',
          taskStatusId: 5,
          estimate: '5',
          taskTypeId: 3,
        },
        { projectId, sprintId: done!.id, title: 'Cart', taskStatusId: 5, estimate: '3', taskTypeId: 3 },
        { projectId, sprintId: done!.id, title: 'Old bug', taskStatusId: 6, estimate: '2', taskTypeId: 1 },
        {
          projectId,
          sprintId: running!.id,
          title: 'Checkout page',
          description: 'Pay by **card**.\n\n- address form\n- order summary',
          taskStatusId: 3,
          estimate: '8',
          taskTypeId: 3,
          ownerId: ids.projectManager,
        },
      ])
      .returning();
    const event = (taskId: number, action: string, daysAgo: number) => ({
      projectId,
      entity: 'task',
      entityId: taskId,
      action,
      actorId: ids.projectManager,
      createdAt: ago(daysAgo),
      details: {},
    });
    const [list, cart, bug, checkout] = tasks.map((t) => t.id) as [number, number, number, number];
    await db
      .insert(s.projectEvents)
      .values([
        event(list, 'start', 29),
        event(list, 'deliver', 26),
        event(list, 'accept', 25),
        event(cart, 'start', 28),
        event(cart, 'deliver', 22),
        event(cart, 'accept', 20),
        event(bug, 'start', 27),
        event(bug, 'deliver', 24),
        event(bug, 'reject', 21),
        event(checkout, 'start', 10),
        event(checkout, 'finish', 3),
      ]);
    await db
      .insert(s.projectUpdates)
      .values(
        [40, 33, 26, 19, 12, 5].map((d) => ({ projectId, description: 'Weekly news', createdAt: ago(d) })),
      );
  });
}

const suite = e2eSuite('delivery-review', { seed });

async function secondPerson(page: Page, login: string) {
  const browser = page.context().browser() as Browser;
  const opened = await openPage(browser, suite.app.url);
  await signIn(opened.page, login, PASSWORD);
  return opened;
}

suite.journey(
  "staff deliver → the client's open page shows the card live → the client rejects with a reason → the board shows it rejected with the comment",
  async ({ page }) => {
    const client = await secondPerson(page, people.client.login);
    try {
      const streamed = client.page.waitForResponse(
        (r) => r.url().includes('/api/events') && r.status() === 200,
      );
      await client.page.goto(`/project/daily-updates/${projectId}`);
      await streamed;
      await client.page.getByRole('heading', { name: 'Past decisions' }).waitFor();
      assert.equal(await client.page.getByText('Checkout page').count(), 0);

      await signIn(page, people.projectManager.login, PASSWORD);
      await page.goto(`/project/tasks/${projectId}`);
      const deliver = page.getByRole('button', { name: /^Deliver task #\d+ Checkout page$/ });
      await deliver.click();
      await deliver.waitFor({ state: 'detached' });

      // No reload: the card shows the delivery, its markdown rendered.
      const card = client.page.getByRole('region', { name: 'Waiting for your review' });
      const item = card.getByRole('listitem').filter({ hasText: 'Checkout page' });
      await item.waitFor({ timeout: 5000 });
      await item.locator('strong', { hasText: 'card' }).waitFor();
      await item.getByText(/Delivered by Peter Manager/).waitFor();
      await expectNoA11yViolations(client.page);
      await mkdir(screensDir, { recursive: true });
      await client.page.screenshot({ path: join(screensDir, 'client-review-card-1280.png') });
      await client.page.setViewportSize({ width: 375, height: 812 });
      await item.getByRole('button', { name: 'Reject' }).scrollIntoViewIfNeeded();
      await client.page.screenshot({ path: join(screensDir, 'client-review-card-375.png') });

      await item.getByRole('button', { name: 'Reject' }).click();
      const dialog = client.page.getByRole('dialog', { name: 'Reject “Checkout page”' });
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await dialog.getByText('Please say why you reject this delivery').waitFor();
      await dialog.getByLabel(/Why do you reject it\?/).fill('The total does not include shipping.');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('“The total does not include shipping.”').waitFor();
      await client.page.screenshot({ path: join(screensDir, 'client-review-decided-375.png') });

      // The board, open all along, follows: the task is Rejected and offers Restart; the reason is a comment.
      await page
        .getByRole('button', { name: /^Restart task #\d+ Checkout page$/ })
        .waitFor({ timeout: 5000 });
      await page.getByRole('button', { name: 'Checkout page', exact: true }).click();
      const modal = page.getByRole('dialog', { name: /^Task #\d+$/ });
      await modal.getByRole('tab', { name: 'Comments' }).click();
      const comments = modal.getByRole('list', { name: 'Comments' });
      await comments.getByText('The total does not include shipping.').waitFor();
      await comments.getByText('Olivia Owner').waitFor();
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // Fixed and delivered again: Accept asks first; CANCEL leaves it waiting, YES decides.
      for (const action of ['Restart', 'Finish', 'Deliver']) {
        const button = page.getByRole('button', { name: new RegExp(`^${action} task #\\d+ Checkout page$`) });
        await button.click();
        await button.waitFor({ state: 'detached' });
      }
      await item.getByRole('button', { name: 'Accept' }).click();
      const confirm = client.page.getByRole('dialog', { name: 'Please confirm' });
      await confirm.getByText('Accept “Checkout page”?', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'CANCEL' }).click();
      await confirm.waitFor({ state: 'hidden' });
      assert.equal(await item.getByRole('button', { name: 'Accept' }).isEnabled(), true, 'still waiting');
      await item.getByRole('button', { name: 'Accept' }).click();
      await confirm.getByRole('button', { name: 'YES' }).click();
      await card.getByRole('button', { name: 'Accept' }).waitFor({ state: 'detached' });
      await item.filter({ hasText: 'Accepted' }).first().waitFor();
    } finally {
      await client.context.close();
    }
  },
);

suite.journey(
  'the client reads the performance report at 1280 and 375 px and downloads the CSV',
  async ({ page }) => {
    await signIn(page, people.client.login, PASSWORD);
    await page.goto(`/project/perfomance-report/${projectId}`);
    await page.getByTestId('report-summary').waitFor();
    const summary = await page.getByTestId('report-summary').innerText();
    // The journey above, when it ran first, rejected the delivered task a moment after its delivery,
    // then accepted it a moment after its second delivery.
    assert.match(
      summary,
      /^(2 tasks accepted in the last 90 days, 1 rejected; median 2 days|3 tasks accepted in the last 90 days, 2 rejected; median 1 day) from delivery to your decision\.$/,
    );
    await page.getByRole('heading', { name: 'Velocity per finished sprint' }).waitFor();
    await page.locator('.dd-report-chart svg').first().waitFor();
    assert.ok((await page.locator('.dd-report-chart svg').count()) >= 5);
    await mkdir(screensDir, { recursive: true });
    await page.screenshot({ path: join(screensDir, 'client-performance-report-1280.png'), fullPage: true });
    await expectNoA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the report is ${overflow} px wider than the phone`);
    await page.screenshot({ path: join(screensDir, 'client-performance-report-375.png'), fullPage: true });

    // Printed (saved as PDF): no app chrome, no controls; the period is named instead.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('button', { name: 'Download CSV' }).isVisible(), false);
    assert.equal(await page.getByRole('tablist').isVisible(), false);
    assert.equal(await page.getByRole('region', { name: 'Your projects' }).isVisible(), false);
    await page.getByText(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/).waitFor();
    await page.screenshot({ path: join(screensDir, 'client-performance-report-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 375, height: 812 });

    // A chart's numbers as a table.
    await page.getByText('Show the numbers').nth(1).click();
    await page.getByRole('table').first().waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv.trim().split('\r\n');
    assert.match(lines[0]!, /^sprint,started,finished,total_hours,accepted_hours/);
    assert.equal(lines.length, 3);
    assert.match(lines[1]!, /^Sprint 1,.*,10,8,2,1,0\.3333,/);
  },
);
