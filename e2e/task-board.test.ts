import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'board-pass-123';
const people = {
  client: { login: 'owner@example.com', name: 'Olivia Owner', role: 'client', phone: '5550100' },
  projectManager: {
    login: 'pm@example.com',
    name: 'Peter Manager',
    role: 'projectManager',
    phone: '5550200',
  },
  readonlyManager: {
    login: 'ro@example.com',
    name: 'Rita Readonly',
    role: 'readonlyManager',
    phone: '5550300',
  },
} as const;
let projectId = 0;

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
  });
}

const suite = e2eSuite('task-board', { seed });
const boardPath = () => `/project/tasks/${projectId}`;

async function openBoard(page: Page) {
  await signIn(page, people.projectManager.login, PASSWORD);
  await page.goto(boardPath());
  await page.getByRole('heading', { name: 'Task board' }).waitFor();
}

async function addTask(page: Page, title: string, button: 'CREATE' | 'BACKLOG') {
  await page.getByRole('button', { name: 'Add Tasks' }).click();
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: named(button) }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: title, exact: true }).first().waitFor();
}

const column = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

suite.journey(
  'a project manager runs a sprint: a task walks through every status and ends under Done with its history',
  async ({ page }) => {
    page.on('dialog', () => assert.fail('no script from a description may open a dialog'));
    await openBoard(page);
    // The board sits under the project's title and section tabs, its own tab selected.
    await page.getByRole('heading', { name: 'Olivia Shop website', level: 1 }).waitFor();
    const sections = page.getByRole('tablist', { name: 'Project sections' });
    assert.deepEqual(await sections.getByRole('tab').allInnerTexts(), [
      'Daily updates',
      'Performance report',
      'Chat',
      'Git',
      'Tasks',
    ]);
    await sections.getByRole('tab', { name: 'Tasks', selected: true }).waitFor();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'New sprint' }).click();
    await page.getByText('Sprint #1', { exact: true }).waitFor();

    await addTask(page, 'Checkout page', 'BACKLOG');
    await addTask(page, 'Search box', 'CREATE');
    await addTask(page, 'Footer links', 'CREATE');
    const sprintList = page.getByRole('list', { name: 'Tasks of sprint #1' });
    await sprintList.getByText('Checkout page').waitFor();
    const newList = page.getByRole('list', { name: 'New tasks' });
    await newList.getByText('Search box').waitFor();
    await newList.getByText('Footer links').waitFor();

    await page.getByRole('button', { name: 'Start sprint #1' }).click();
    await page.getByRole('button', { name: 'Finish sprint #1' }).waitFor();

    const walk = ['Start', 'Finish', 'Deliver', 'Reject', 'Restart', 'Finish', 'Deliver', 'Accept'];
    for (const action of walk) {
      const button = page.getByRole('button', { name: new RegExp(`^${action} task #\\d+ Checkout page$`) });
      await button.click();
      await button.waitFor({ state: 'detached' });
    }
    await sprintList.getByText(/^Accepted /).waitFor();
    // The Done count follows Accept at once, before the sprint finishes.
    await page.getByText('Done tasks: 1').waitFor();

    // A new, unstarted sprint does not take the ACTIVE badge from the running one.
    await page.getByRole('button', { name: 'New sprint' }).click();
    await page.getByText('Sprint #2', { exact: true }).waitFor();
    const sprintHeader = (n: number) => page.getByText(`Sprint #${n}`, { exact: true }).locator('..');
    assert.match(await sprintHeader(1).innerText(), /active/i);
    assert.doesNotMatch(await sprintHeader(2).innerText(), /active/i);

    await page.getByRole('button', { name: 'Finish sprint #1' }).click();
    const finish = page.getByRole('dialog', { name: 'Finish sprint #1' });
    await finish.getByRole('button', { name: named('FINISH') }).waitFor();
    // A modal's header is no second banner landmark.
    await expectNoA11yViolations(page);
    await finish.getByRole('button', { name: named('FINISH') }).click();
    // Sprint #1 leaves the current ones; Sprint #2, never started, shows no ACTIVE badge.
    await page.getByRole('button', { name: 'Finish sprint #1' }).waitFor({ state: 'detached' });
    await column(page, 'Current Sprint (Backlog)').getByText('Sprint #2', { exact: true }).waitFor();
    assert.doesNotMatch(await sprintHeader(2).innerText(), /active/i);

    const done = page.getByRole('list', { name: 'Done tasks' });
    await done.getByText('Checkout page').waitFor();
    await done.getByText(/^Accepted \w+/).waitFor();
    await page.getByText('Done tasks: 1').waitFor();

    await page.getByRole('button', { name: 'Project history' }).click();
    const history = page.getByRole('list', { name: 'Project history' });
    await history.waitFor();
    for (const verb of ['started', 'finished', 'delivered', 'rejected', 'restarted', 'accepted']) {
      await history
        .getByText(new RegExp(`${verb} task #\\d+ “Checkout page”`))
        .first()
        .waitFor();
    }
    await history.getByText('finished sprint #1').waitFor();
    await history.getByText('started sprint #1').waitFor();
    const texts = await history.locator('li').allInnerTexts();
    assert.match(texts[0] ?? '', /Peter Manager finished sprint #1/);
    assert.equal(texts.filter((t) => /(finished|delivered) task #\d+ “Checkout page”/.test(t)).length, 4);
    await expectNoA11yViolations(page);
  },
);

suite.journey(
  'tags, comments, a safe preview, remembered columns and keyboard reordering',
  async ({ page }) => {
    page.on('dialog', () => assert.fail('no script from a description may open a dialog'));
    await openBoard(page);
    await addTask(page, 'Wish list', 'CREATE');
    await addTask(page, 'Newsletter', 'CREATE');

    // Move "Newsletter" above "Wish list" in New Tasks; the order survives a reload.
    const newList = page.getByRole('list', { name: 'New tasks' });
    await newList.getByText('Newsletter').waitFor();
    const order = async () =>
      (await newList.locator('li').allInnerTexts()).map((t) =>
        t
          .split('\n')
          .map((line) => line.trim())
          .find((line) => line !== '' && line !== '⠿'),
      );
    const before = await order();
    assert.deepEqual(before.slice(-2), ['Wish list', 'Newsletter']);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/task/'),
    );
    // Keyboard: space picks the card up by its handle, an arrow moves it over "Wish list", space drops it.
    const idOf = async (title: string) => {
      const label = await page
        .getByRole('button', { name: new RegExp(`^Move task #\\d+ ${title}$`) })
        .getAttribute('aria-label');
      return Number(label?.match(/#(\d+)/)?.[1]);
    };
    const newsId = await idOf('Newsletter');
    const wishId = await idOf('Wish list');
    const over = (id: number) =>
      page.getByText(`Draggable item t:${newsId} was moved over droppable area t:${id}.`);
    await page.getByRole('button', { name: /^Move task #\d+ Newsletter$/ }).focus();
    await page.keyboard.press('Space');
    await over(newsId).waitFor({ state: 'attached' });
    // dnd-kit measures the drop targets just after the pick-up; an arrow pressed before that is ignored.
    for (let attempt = 0; attempt < 10 && (await over(wishId).count()) === 0; attempt++) {
      await page.keyboard.press('ArrowUp');
      await over(wishId)
        .waitFor({ state: 'attached', timeout: 500 })
        .catch(() => undefined);
    }
    await over(wishId).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    // The card lands above "Wish list" at once (optimistic), and the server keeps that order.
    await newList
      .locator('li', { hasText: 'Wish list' })
      .locator('xpath=preceding-sibling::li')
      .filter({ hasText: 'Newsletter' })
      .waitFor();
    assert.equal((await saved).status(), 200);
    await page.reload();
    await newList.getByText('Newsletter').waitFor();
    assert.deepEqual((await order()).slice(-2), ['Newsletter', 'Wish list']);

    // Edit a task: inline tag, type, estimate, markdown preview that runs no script.
    await newList.getByRole('button', { name: 'Wish list', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Task #\d+$/ });
    await dialog.getByRole('tab', { name: 'Edit Task' }).waitFor();
    // With the modal open: its header is no second banner landmark, and every field is named.
    await expectNoA11yViolations(page);
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('**Bold idea** <img src=x onerror="alert(1)"> <script>alert(2)</script>');
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('description-preview');
    await preview.locator('strong', { hasText: 'Bold idea' }).waitFor();
    assert.equal(await preview.locator('script').count(), 0);
    assert.equal(await preview.locator('[onerror]').count(), 0);
    await dialog.getByLabel('Tags').fill('frontend');
    await dialog.getByLabel('Tags').press('Enter');
    await dialog.getByLabel('Estimate (hours)').fill('05');
    assert.equal(await dialog.getByLabel('Estimate (hours)').inputValue(), '5');
    await dialog.getByRole('button', { name: named('UPDATE') }).click();
    await dialog.waitFor({ state: 'detached' });

    // The new tag has its sidebar entry; its column opens and stays open after a reload.
    await page.getByRole('button', { name: '# frontend' }).click();
    const tagColumn = column(page, '# frontend');
    await tagColumn.getByText('Wish list').waitFor();
    await page.reload();
    await column(page, '# frontend').getByText('Wish list').waitFor();
    await column(page, '# frontend').getByText('5 h').waitFor();

    // Comments: add one and see it with its author and relative time.
    await newList.getByRole('button', { name: 'Wish list', exact: true }).click();
    const again = page.getByRole('dialog', { name: /^Task #\d+$/ });
    await again.getByRole('tab', { name: 'Comments' }).click();
    await again.getByLabel('New comment').fill('Looks good to me');
    await again.getByRole('button', { name: named('ADD COMMENT') }).click();
    const comments = again.getByRole('list', { name: 'Comments' });
    await comments.getByText('Looks good to me').waitFor();
    await comments.getByText('Peter Manager').waitFor();
    await comments.getByText('a few seconds ago').waitFor();
    await again.getByRole('tab', { name: 'Edit Task' }).click();
    await again.getByRole('button', { name: named('CANCEL') }).click();
    await again.waitFor({ state: 'detached' });
    await expectNoA11yViolations(page);
  },
);

suite.journey('a readonly manager is told the board is not theirs, with a way home', async ({ page }) => {
  await signIn(page, people.readonlyManager.login, PASSWORD);
  await page.goto(boardPath());
  await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Task board' }).count(), 0);
  await page
    .getByRole('link', { name: 'Go to my start page' })
    .or(page.getByRole('button', { name: 'Go to my start page' }))
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/project/tasks'));
});
