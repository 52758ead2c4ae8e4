import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { openPage } from './support/browser.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'live-pass-123';
const people = {
  client: { login: 'owner@example.com', name: 'Olivia Owner', role: 'client', phone: '5550100' },
  otherClient: { login: 'other@example.com', name: 'Oscar Other', role: 'client', phone: '5550110' },
  projectManager: {
    login: 'pm@example.com',
    name: 'Peter Manager',
    role: 'projectManager',
    phone: '5550200',
  },
  developer: { login: 'dev@example.com', name: 'Dana Developer', role: 'developer', phone: '5550300' },
} as const;
let projectId = 0;
let otherProjectId = 0;

async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const ids = await insertPeople(people, PASSWORD);
    const [project] = await db
      .insert(s.projects)
      .values({ title: 'Olivia Shop website', ownerId: ids.client, description: 'An online shop' })
      .returning();
    const [other] = await db
      .insert(s.projects)
      .values({ title: 'Oscar Garage app', ownerId: ids.otherClient, description: 'Bookings' })
      .returning();
    projectId = project!.id;
    otherProjectId = other!.id;
    await db.insert(s.projectMembers).values([
      { projectId, userId: ids.client, kind: 'client' },
      { projectId, userId: ids.projectManager, kind: 'projectManager' },
      { projectId, userId: ids.developer, kind: 'developer' },
      { projectId: otherProjectId, userId: ids.otherClient, kind: 'client' },
    ]);
    await db.insert(s.tasks).values([
      { projectId, title: 'Wish list', position: 0, requesterId: ids.projectManager },
      { projectId, title: 'Newsletter', position: 1, requesterId: ids.projectManager },
    ]);
  });
}

const suite = e2eSuite('live-updates', { seed });

/** A second person at the same time: their own browser context (own cookies), signed in. */
async function secondPerson(page: Page, login: string) {
  const browser = page.context().browser() as Browser;
  const opened = await openPage(browser, suite.app.url);
  await signIn(opened.page, login, PASSWORD);
  return opened;
}

/** The titles of a board column, top to bottom. */
async function columnOrder(page: Page, name: string): Promise<string[]> {
  const texts = await page.getByRole('list', { name }).locator('li').allInnerTexts();
  return texts.map(
    (t) =>
      t
        .split('\n')
        .map((line) => line.trim())
        .find((line) => line !== '' && line !== '⠿') ?? '',
  );
}

/** Opens a screen and waits until its live event stream is answered (the page listens from then on). */
async function gotoLive(page: Page, path: string) {
  const streamed = page.waitForResponse((r) => r.url().includes('/api/events') && r.status() === 200);
  await page.goto(path);
  await streamed;
}

suite.journey(
  "a project manager moves a card and the developer's open board shows it, highlighted",
  async ({ page }) => {
    const developer = await secondPerson(page, people.developer.login);
    try {
      const boardPath = `/project/tasks/${projectId}`;
      await gotoLive(developer.page, boardPath);
      await developer.page.getByRole('list', { name: 'New tasks' }).getByText('Newsletter').waitFor();
      assert.deepEqual((await columnOrder(developer.page, 'New tasks')).slice(-2), [
        'Wish list',
        'Newsletter',
      ]);

      await signIn(page, people.projectManager.login, PASSWORD);
      await page.goto(boardPath);
      const newList = page.getByRole('list', { name: 'New tasks' });
      await newList.getByText('Newsletter').waitFor();
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
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && r.url().includes(`/api/task/${newsId}`),
      );
      // Keyboard: space picks the card up by its handle, an arrow moves it over "Wish list", space drops it.
      await page.getByRole('button', { name: /^Move task #\d+ Newsletter$/ }).focus();
      await page.keyboard.press('Space');
      await over(newsId).waitFor({ state: 'attached' });
      for (let attempt = 0; attempt < 10 && (await over(wishId).count()) === 0; attempt++) {
        await page.keyboard.press('ArrowUp');
        await over(wishId)
          .waitFor({ state: 'attached', timeout: 500 })
          .catch(() => undefined);
      }
      await over(wishId).waitFor({ state: 'attached' });
      await page.keyboard.press('Space');
      assert.equal((await saved).status(), 200);
      const movedAt = Date.now();

      // The developer did nothing: their board follows, and the moved card flashes.
      const devList = developer.page.getByRole('list', { name: 'New tasks' });
      const newsletterFirst = devList
        .locator('li', { hasText: 'Wish list' })
        .locator('xpath=preceding-sibling::li')
        .filter({ hasText: 'Newsletter' });
      await newsletterFirst.waitFor({ timeout: 5000 });
      const lag = Date.now() - movedAt;
      await devList.locator('li.dd-card--moved', { hasText: 'Newsletter' }).waitFor({ state: 'attached' });
      assert.deepEqual((await columnOrder(developer.page, 'New tasks')).slice(-2), [
        'Newsletter',
        'Wish list',
      ]);
      // Issue 15: within a second of the change (a loaded CI machine gets some slack above).
      console.log(`live board: the other board followed ${lag} ms after the move was answered`);
      // The highlight is short.
      await devList.locator('li.dd-card--moved').waitFor({ state: 'detached', timeout: 4000 });

      // Presence: the developer opens "Wish list"; the manager's card says who is editing it.
      await devList.getByRole('button', { name: 'Wish list', exact: true }).click();
      await developer.page.getByRole('dialog', { name: /^Task #\d+$/ }).waitFor();
      await newList
        .locator('li', { hasText: 'Wish list' })
        .getByText(`${people.developer.name} is editing`)
        .waitFor({ timeout: 5000 });
      assert.equal(await newList.getByText(/is editing/).count(), 1);
    } finally {
      await developer.context.close();
    }
  },
);

suite.journey(
  "a project manager's update shows on the client's open page, and not on another client's",
  async ({ page }) => {
    const client = await secondPerson(page, people.client.login);
    const otherClient = await secondPerson(page, people.otherClient.login);
    try {
      await gotoLive(client.page, `/project/daily-updates/${projectId}`);
      await client.page.getByRole('heading', { name: 'Olivia Shop website', level: 1 }).waitFor();
      await gotoLive(otherClient.page, `/project/daily-updates/${otherProjectId}`);
      await otherClient.page.getByRole('heading', { name: 'Oscar Garage app', level: 1 }).waitFor();
      let otherUpdatesFetched = 0;
      otherClient.page.on('request', (request) => {
        if (request.url().includes('/api/project-update/search')) otherUpdatesFetched += 1;
      });
      let clientFeedFetched = 0;
      client.page.on('request', (request) => {
        if (request.url().includes('/api/project-update/search')) clientFeedFetched += 1;
      });

      await signIn(page, people.projectManager.login, PASSWORD);
      await page.goto(`/project/daily-updates/${projectId}`);
      await page.getByRole('button', { name: named('ADD UPDATE') }).click();
      const text = page.getByLabel('Update', { exact: true });
      await text.fill('**Checkout is live** for everyone');
      await text.press('Control+Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const postedAt = Date.now();

      // The client did not reload: the update appears on their open page.
      await client.page.locator('strong', { hasText: 'Checkout is live' }).waitFor({ timeout: 5000 });
      console.log(`live updates feed: the client's page showed it ${Date.now() - postedAt} ms after posting`);
      assert.ok(clientFeedFetched >= 1, "the client's feed was refetched");

      // The other client's page stays as it was: no refetch, no text of the first project.
      await otherClient.page.waitForTimeout(1500);
      assert.equal(otherUpdatesFetched, 0);
      assert.equal(await otherClient.page.getByText('Checkout is live').count(), 0);
      assert.equal(await otherClient.page.getByRole('alert').count(), 0);
    } finally {
      await client.context.close();
      await otherClient.context.close();
    }
  },
);

suite.journey(
  'two tabs of one browser share one event stream; when the tab holding it closes, the other opens its own',
  async ({ page }) => {
    const boardPath = `/project/tasks/${projectId}`;
    await signIn(page, people.projectManager.login, PASSWORD);
    await gotoLive(page, boardPath);
    const second = await page.context().newPage();
    const streams: string[] = [];
    second.on('request', (r) => {
      if (r.url().includes('/api/events')) streams.push(r.url());
    });
    await second.goto(boardPath);
    await second.getByRole('list', { name: 'New tasks' }).waitFor();
    await second.waitForTimeout(1500);
    assert.deepEqual(streams, [], 'the second tab follows the first tab’s stream');
    const takenOver = second.waitForResponse((r) => r.url().includes('/api/events') && r.status() === 200);
    await page.close();
    await takenOver;
    await second.close();
  },
);
