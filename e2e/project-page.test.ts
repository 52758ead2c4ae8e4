import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'people-pass-123';
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

/**
 * A client with a company and a project, a project manager and a readonly manager, filled in before the
 * server starts.
 */
async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const [company] = await db.insert(s.companies).values({ title: 'Olivia Shop' }).returning();
    const ids = await insertPeople(
      { ...people, client: { ...people.client, companyId: company!.id } },
      PASSWORD,
    );
    const [project] = await db
      .insert(s.projects)
      .values({
        title: 'Olivia Shop website',
        ownerId: ids.client,
        companyId: company!.id,
        description: 'An online shop',
      })
      .returning();
    projectId = project!.id;
    await db.insert(s.projectMembers).values([
      { projectId, userId: ids.client, kind: 'client' },
      { projectId, userId: ids.projectManager, kind: 'projectManager' },
    ]);
    await db.update(s.projects).set({ accountManagerId: ids.projectManager });
    // This owner finished the first-visit tour (e2e/project-team.test.ts walks through it).
    await db
      .insert(s.tourStates)
      .values({ userId: ids.client, projectId, step: 4, visited: true, openModal: false });
  });
}

const suite = e2eSuite('project-page', { seed });
const page1 = () => `/project/daily-updates/${projectId}`;

suite.journey(
  "a client edits details and sees 'Project updated!', attaches a file and a link",
  async ({ page }) => {
    const cspErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()))
        cspErrors.push(m.text());
    });
    await signIn(page, people.client.login, PASSWORD);
    // The root redirect takes the client to their project.
    await page.waitForURL(`**${page1()}`);
    await page.getByRole('heading', { name: 'Project Details' }).waitFor();
    await expectNoA11yViolations(page);

    const description = page.getByLabel('Description', { exact: true });
    await description.fill('An online shop with a blog');
    await page.getByRole('button', { name: named('SAVE') }).click();
    await page.getByText('Project updated!', { exact: true }).waitFor();

    // A blank title is refused with the spec's message and nothing is saved.
    await page.getByLabel('Project title').fill(' ');
    await page.getByRole('button', { name: named('SAVE') }).click();
    await page.getByText('Invalid project title', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Project Details' }).waitFor();
    assert.equal(await page.getByLabel('Project title').inputValue(), 'Olivia Shop website');
    assert.equal(
      await page.getByLabel('Description', { exact: true }).inputValue(),
      'An online shop with a blog',
    );

    // Upload a file (about 3 MB so the progress is visible) and watch its percentage.
    const bytes = Buffer.alloc(3_000_000, 65);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name: 'requirements.txt', mimeType: 'text/plain', buffer: bytes });
    await page
      .getByText(/^\d{1,3}%$/)
      .first()
      .waitFor();
    const download = page.getByRole('link', { name: 'Download requirements.txt' });
    await download.waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.equal(file.suggestedFilename(), 'requirements.txt');
    const saved = await file.path();
    assert.equal((await readFile(saved)).length, bytes.length);

    // A file over 25,000,000 bytes is marked and never sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/file/upload')) sent.push(request.url());
    });
    const bigDir = await mkdtemp(join(tmpdir(), 'dd-upload-'));
    const big = join(bigDir, 'video.mov');
    await writeFile(big, Buffer.alloc(25_000_001));
    const bigChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await bigChooser).setFiles(big);
    await page.getByText('Maximum size 25mb', { exact: true }).waitFor();
    assert.deepEqual(sent, []);
    await rm(bigDir, { recursive: true, force: true });
    await page.getByRole('button', { name: 'Dismiss video.mov' }).click();

    // Cancel aborts an upload in flight and removes its item (the server is held back so it stays in flight).
    await page.route('**/file/upload', () => {});
    const draftChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await draftChooser).setFiles({
      name: 'draft.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('draft'),
    });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('draft.txt', { exact: true }).waitFor({ state: 'detached' });
    await page.unroute('**/file/upload');

    // An invalid link shows 'Invald link'; a valid one is added, then removed.
    await page.getByLabel('Add a link').fill('not a link');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByText('Invald link', { exact: true }).waitFor();
    await page.getByLabel('Add a link').fill('https://example.com/design-brief');
    await page.getByRole('button', { name: 'Add link' }).click();
    const link = page.getByRole('link', { name: 'https://example.com/desig...' });
    await link.waitFor();
    await page.getByRole('button', { name: 'Delete https://example.com/design-brief' }).click();
    await link.waitFor({ state: 'detached' });

    // Clients do not post updates.
    assert.equal(await page.getByRole('button', { name: named('ADD UPDATE') }).count(), 0);
    // No CHAT_WIDGET_URL in this suite: no live chat, and nothing refused by the CSP.
    assert.equal(await page.getByRole('button', { name: 'Chat with us' }).count(), 0);
    assert.equal(await page.locator('iframe').count(), 0);
    assert.deepEqual(cspErrors, []);
  },
);

suite.journey(
  'a project manager posts a markdown update that the client sees rendered safely',
  async ({ page, app }) => {
    await signIn(page, people.projectManager.login, PASSWORD);
    await page.goto(page1());
    await page.getByRole('button', { name: named('ADD UPDATE') }).click();
    const text = page.getByLabel('Update', { exact: true });
    await text.fill('**Login page done** <img src=x onerror="window.__xss=1">\n\n- next: checkout');
    await text.press('Control+Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('strong', { hasText: 'Login page done' }).waitFor();

    const context = await page.context().browser()!.newContext({ baseURL: app.url });
    const clientPage = await context.newPage();
    try {
      await signIn(clientPage, people.client.login, PASSWORD);
      await clientPage.goto(page1());
      await clientPage.locator('strong', { hasText: 'Login page done' }).waitFor();
      await clientPage.getByRole('listitem').filter({ hasText: 'next: checkout' }).first().waitFor();
      await clientPage.getByText('a few seconds ago').first().waitFor();
      assert.equal(await clientPage.evaluate(() => (globalThis as { __xss?: number }).__xss), undefined);
      assert.equal(await clientPage.locator('[onerror]').count(), 0);
    } finally {
      await context.close();
    }
  },
);

suite.journey('a readonly manager sees no phone, e-mail, delete or download controls', async ({ page }) => {
  await signIn(page, people.readonlyManager.login, PASSWORD);
  await page.goto(page1());
  await page.getByRole('heading', { name: 'Project Details' }).waitFor();
  await page.getByRole('heading', { name: 'Project Specification' }).waitFor();
  assert.equal(await page.getByLabel('E-mail').count(), 0);
  assert.equal(await page.getByLabel('Phone').count(), 0);
  const body = await page.locator('main, body').first().innerText();
  for (const p of Object.values(people)) {
    assert.ok(!body.includes(p.login), `no e-mail of ${p.name}`);
    assert.ok(!body.includes(p.phone), `no phone of ${p.name}`);
  }
  assert.equal(await page.getByRole('link', { name: /^Download / }).count(), 0);
  assert.equal(await page.getByRole('button', { name: /^Delete / }).count(), 0);
  assert.equal(await page.getByRole('button', { name: named('SAVE') }).count(), 0);
  assert.equal(await page.getByRole('button', { name: named('ADD UPDATE') }).count(), 0);
  // Not an admin and not the owner: the read-only owners list.
  await page.getByText('Project owners', { exact: true }).waitFor();
});
