import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, signIn } from './support/fixtures.ts';
import { artifactsDir, repoRoot } from './support/paths.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'git-pass-123';
const people = {
  client: { login: 'owner@example.com', name: 'Olivia Owner', role: 'client', phone: '5550100' },
  projectManager: {
    login: 'pm@example.com',
    name: 'Peter Manager',
    role: 'projectManager',
    phone: '5550200',
  },
} as const;
const screensDir = join(artifactsDir, 'screens');
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
let projectId = 0;
let taskId = 0;

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
    const [sprint] = await db
      .insert(s.sprints)
      .values({ projectId, sprintStatusId: 2, startedAt: new Date() })
      .returning();
    const [task] = await db
      .insert(s.tasks)
      .values({ projectId, sprintId: sprint!.id, title: 'Login page', requesterId: ids.projectManager })
      .returning();
    taskId = task!.id;
  });
}

const suite = e2eSuite('git', { seed });

/** GitHub's own push example (@octokit/webhooks-examples), for the connected repository, one commit. */
function pushPayload(name: string, message: string) {
  const examples = createRequire(join(repoRoot, 'apps', 'api', 'package.json'))(
    '@octokit/webhooks-examples',
  ) as Array<{ name: string; examples: Array<Record<string, unknown>> }>;
  const push = structuredClone(
    examples.find((e) => e.name === 'push')!.examples.find((p) => (p.commits as unknown[]).length > 0)!,
  );
  (push.repository as Record<string, unknown>).full_name = name;
  const [commit] = push.commits as Array<Record<string, unknown>>;
  push.commits = [{ ...commit, message, timestamp: new Date().toISOString() }];
  return push;
}

/** What GitHub does: POST the body signed with the secret (X-Hub-Signature-256). */
async function sendSignedPush(url: string, secret: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': signature,
    },
    body,
  });
}

async function shoot(page: Page, name: string) {
  await mkdir(screensDir, { recursive: true });
  await page.screenshot({ path: join(screensDir, `git-${name}.png`), fullPage: true });
}

suite.journey(
  'a project manager connects a repository, a signed push shows on the Git tab and moves the task on the board',
  async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, people.projectManager.login, PASSWORD);
    const streamed = page.waitForResponse((r) => r.url().includes('/api/events') && r.status() === 200);
    await page.goto(`/project/git/${projectId}`);
    await streamed;
    await page.getByText('No repository is connected to this project.').waitFor();
    await page.getByRole('textbox', { name: 'Repository' }).fill('olivia/shop');
    // A double click sends one request: the shown-once secret stays, with no "already connected".
    const connects: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/project/${projectId}/repositories`))
        connects.push(r.url());
    });
    await page.getByRole('button', { name: 'Connect' }).dblclick();
    const setup = page.getByRole('region', { name: /Set up the GitHub webhook for olivia\/shop/ });
    await setup.waitFor();
    const webhookUrl = await setup.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
    const secret = await setup.getByRole('textbox', { name: 'Secret' }).inputValue();
    // The repository's own URL: its secret is known before a delivery's body is read.
    assert.match(webhookUrl, new RegExp(`^${suite.app.url}/api/webhooks/github/\\d+$`));
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
    await shoot(page, 'connected-1280');
    assert.equal(connects.length, 1, 'one connect request for a double click');
    assert.equal(await page.getByText(/already connected/i).count(), 0);
    await setup.getByRole('button', { name: 'I have saved the secret' }).click();
    await setup.waitFor({ state: 'detached' });

    const response = await sendSignedPush(
      webhookUrl,
      secret,
      pushPayload('olivia/shop', `Login form [Starts #${taskId}]`),
    );
    assert.equal(response.status, 202);
    // The open tab shows it without a reload (the 'git' live event).
    const commit = page
      .getByRole('region', { name: 'Branch master' })
      .getByText(`Login form [Starts #${taskId}]`);
    await commit.waitFor({ timeout: 10_000 });
    await page.getByText('Codertocat ·', { exact: false }).first().waitFor();
    await shoot(page, 'activity-1280');
    await page.setViewportSize(PHONE);
    await commit.waitFor();
    const scroll = await page.evaluate('document.documentElement.scrollWidth');
    assert.ok(Number(scroll) <= PHONE.width, `the Git tab fits 375 px (${scroll})`);
    await expectNoA11yViolations(page);
    await shoot(page, 'activity-375');

    // On the board the task has started: it offers Finish now, and its modal lists the commit.
    await page.setViewportSize(DESKTOP);
    await page.goto(`/project/tasks/${projectId}`);
    await page.getByRole('button', { name: `Finish task #${taskId} Login page` }).waitFor();
    await shoot(page, 'board-1280');
    // The board's history names the commit that moved the task: its author and short sha.
    await page.getByText('Project history', { exact: true }).click();
    const entry = page
      .getByRole('list', { name: 'Project history' })
      .locator('li', { hasText: `started task #${taskId}` });
    assert.match(await entry.innerText(), /^Codertocat \([0-9a-f]{7}\) started task #\d+ “Login page”/);
    await page.getByText('Login page', { exact: true }).first().click();
    const linked = page.getByRole('region', { name: 'Linked commits and requests' });
    await linked.getByText(`Login form [Starts #${taskId}]`).waitFor();
    await linked.scrollIntoViewIfNeeded();
    await shoot(page, 'board-task-1280');
    await page.setViewportSize(PHONE);
    await linked.scrollIntoViewIfNeeded();
    await shoot(page, 'board-task-375');
  },
);

suite.journey('the client sees the commits on the Git tab, without connect controls', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, people.client.login, PASSWORD);
  await page.goto(`/project/git/${projectId}`);
  await page.getByText('GitHub · olivia/shop').waitFor();
  await page.getByText(`Login form [Starts #${taskId}]`).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Connect' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Disconnect' }).count(), 0);
  await expectNoA11yViolations(page);
  await shoot(page, 'client-375');
});

suite.journey(
  'the project manager rotates the secret, then disconnects: the activity stays',
  async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, people.projectManager.login, PASSWORD);
    await page.goto(`/project/git/${projectId}`);
    await page.getByText('GitHub · olivia/shop').waitFor();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    // Rotating breaks the provider's webhook until the new secret is pasted there: it asks first.
    const rotateConfirm = page.getByRole('dialog', { name: 'Please confirm' });
    await rotateConfirm.getByText(/Make a new secret for olivia\/shop\?/).waitFor();
    await rotateConfirm.getByRole('button', { name: 'YES' }).click();
    await rotateConfirm.waitFor({ state: 'hidden' });
    const setup = page.getByRole('region', { name: /Set up the GitHub webhook for olivia\/shop/ });
    const secret = await setup.getByRole('textbox', { name: 'Secret' }).inputValue();
    const webhookUrl = await setup.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
    await setup.getByRole('button', { name: 'I have saved the secret' }).click();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText(/Disconnect olivia\/shop\?/).waitFor();
    await confirm.getByRole('button', { name: 'YES' }).click();
    await page.getByText('No repository is connected to this project.').waitFor();
    await page.getByText(`Login form [Starts #${taskId}]`).waitFor();
    // A delivery signed with the secret of a disconnected repository is refused, at either URL, as any
    // unsigned one is (the answers do not tell which repositories are connected).
    for (const url of [webhookUrl, `${suite.app.url}/api/webhooks/github`]) {
      const refused = await sendSignedPush(url, secret, pushPayload('olivia/shop', 'After the disconnect'));
      assert.equal(refused.status, 401, url);
    }
  },
);
