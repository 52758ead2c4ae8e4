import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARKDOWN_XSS_PAYLOADS } from '@dd/domain/xss-payloads';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { artifactsDir } from './support/paths.ts';
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
  // Registered, on no project: invited, they are added as observers (docs/product.md §A8).
  assistant: { login: 'ada@example.com', name: 'Ada Assistant', role: 'assistant', phone: '5550400' },
  developer: { login: 'dana@example.com', name: 'Dana Developer', role: 'developer', phone: '5550500' },
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
    // The board's current sprint: 1 of 3 tasks accepted, 1 delivered; a newer sprint has not started.
    const [sprint] = await db
      .insert(s.sprints)
      .values({ projectId, sprintStatusId: 2, startedAt: new Date() })
      .returning();
    await db.insert(s.sprints).values({ projectId });
    await db.insert(s.tasks).values([
      { projectId, sprintId: sprint!.id, title: 'Internal: checkout', taskStatusId: 5 },
      { projectId, sprintId: sprint!.id, title: 'Internal: cart', taskStatusId: 4 },
      { projectId, sprintId: sprint!.id, title: 'Internal: search', taskStatusId: 2 },
    ]);
    // This owner finished the first-visit tour (e2e/project-team.test.ts walks through it).
    await db
      .insert(s.tourStates)
      .values({ userId: ids.client, projectId, step: 4, visited: true, openModal: false });
  });
}

const suite = e2eSuite('project-page', { seed });
const artifact = (name: string) => join(artifactsDir, name);
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
    // Updates first: the Updates heading comes before the details, and the progress card counts the
    // started sprint's tasks, nothing internal.
    const updatesBox = await page.getByRole('heading', { name: 'Updates', exact: true }).boundingBox();
    const detailsBox = await page.getByRole('heading', { name: 'Project Details' }).boundingBox();
    assert.ok(updatesBox && detailsBox && updatesBox.y < detailsBox.y, 'Updates above the details');
    const progress = page.getByRole('region', { name: 'Progress' });
    await progress.getByText('1 of 3 tasks accepted', { exact: true }).waitFor();
    assert.match((await progress.innerText()).replace(/\s+/g, ' '), /1 accepted 1 delivered 1 in the works/);
    // Of the board, a client sees only the delivered, accepted and rejected tasks, in the review card
    // (docs/adr/0021): no title of a task in another status.
    const review = page.getByRole('region', { name: 'Waiting for your review' });
    await review.getByText('Internal: cart').waitFor();
    assert.ok(!(await page.locator('body').innerText()).includes('Internal: search'), 'no other task titles');
    // The details read as text, with 'Not set' for what is empty.
    const details = page.getByRole('region', { name: 'Project Details' });
    await details.getByText('An online shop', { exact: true }).waitFor();
    assert.ok((await details.getByText('Not set', { exact: true }).count()) > 0);
    assert.equal(await page.getByLabel('Description', { exact: true }).count(), 0, 'no form until EDIT');
    await expectNoA11yViolations(page);

    // EDIT opens the same form; SAVE keeps the product's message and goes back to the text.
    await page.getByRole('button', { name: 'Edit project details' }).click();
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('An online shop with a blog');
    await page.getByRole('button', { name: named('SAVE') }).click();
    await page.getByText('Project updated!', { exact: true }).waitFor();
    await details.getByText('An online shop with a blog', { exact: true }).waitFor();

    // A blank title is refused with the product's message and nothing is saved; CANCEL leaves the form.
    await page.getByRole('button', { name: 'Edit project details' }).click();
    await page.getByLabel('Project title').fill(' ');
    await page.getByRole('button', { name: named('SAVE') }).click();
    await page.getByText('Invalid project title', { exact: true }).waitFor();
    await page.getByRole('button', { name: named('CANCEL') }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Project Details' }).waitFor();
    await details.getByText('Olivia Shop website', { exact: true }).waitFor();
    await details.getByText('An online shop with a blog', { exact: true }).waitFor();

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
    // Delete asks first: CANCEL keeps the link, YES removes it.
    await page.getByRole('button', { name: 'Delete https://example.com/design-brief' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText('Delete the link https://example.com/design-brief?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: named('CANCEL') }).click();
    await confirm.waitFor({ state: 'detached' });
    await link.waitFor();
    await page.getByRole('button', { name: 'Delete https://example.com/design-brief' }).click();
    await confirm.getByRole('button', { name: named('YES') }).click();
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

      // Every attack, posted as an update, then shown from the page's first-screen answers: sanitised by
      // the server, and the page loads no markdown renderer of its own (docs/adr/0034).
      for (const description of MARKDOWN_XSS_PAYLOADS) {
        const status = await page.evaluate(
          async ({ id, text }) =>
            (
              await fetch('/api/project-update/post', {
                method: 'POST',
                headers: { 'content-type': 'application/vnd.api+json', 'x-application-key': 'web' },
                body: JSON.stringify({
                  data: { attributes: { title: 'update', project_id: id, description: text } },
                }),
              })
            ).status,
          { id: projectId, text: description },
        );
        assert.equal(status, 201);
      }
      const scripts: string[] = [];
      clientPage.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await clientPage.goto(page1());
      const list = clientPage.getByRole('list', { name: 'Project updates' });
      await list.locator(':scope > li').nth(MARKDOWN_XSS_PAYLOADS.length).waitFor();
      const shownBefore = [...scripts];
      await list.getByText('Login page done').waitFor();
      assert.deepEqual(
        shownBefore.filter((url) => /lib-markdown/.test(url)),
        [],
        'the first screen loads no markdown renderer',
      );
      const found = await list.evaluate((root) => {
        const bad: string[] = [];
        for (const el of root.querySelectorAll('*')) {
          if (
            /^(script|style|iframe|img|svg|math|form|object|embed|noscript|details|button)$/i.test(
              el.localName,
            )
          )
            bad.push(el.localName);
          for (const { name, value } of el.attributes) {
            if (/^on/i.test(name)) bad.push(`${el.localName}[${name}]`);
            if (name === 'href' && /^\s*(javascript|data|vbscript):/i.test(value)) bad.push(`href=${value}`);
          }
        }
        return bad;
      });
      assert.deepEqual(found, []);
      await clientPage.waitForTimeout(500);
      assert.equal(await clientPage.evaluate(() => (globalThis as { __xss?: number }).__xss), undefined);
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
  assert.equal(await page.getByRole('button', { name: 'Edit project details' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: named('ADD UPDATE') }).count(), 0);
  // Not an admin and not the owner: the read-only owners list.
  await page.getByText('Project owners', { exact: true }).waitFor();
});

suite.journey(
  "on a phone a client's first screen shows the updates, the next call and the team",
  async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, people.client.login, PASSWORD);
    await page.goto(page1());
    const updates = page.getByRole('heading', { name: 'Updates', exact: true });
    await updates.waitFor();
    const team = page.getByRole('list', { name: 'Team', exact: true });
    await team.getByText('Peter Manager', { exact: true }).first().waitFor();
    const call = page.getByRole('region', { name: 'Free discovery call' });
    // A delivery waits for this client: its review card comes first (docs/adr/0021), then the updates and
    // the next call; the team follows them, below the first screen while something waits.
    const review = page.getByRole('region', { name: 'Waiting for your review' });
    for (const [name, part] of [
      ['the review card', review],
      ['Updates', updates],
      ['the next call', call],
    ] as const) {
      const box = await part.boundingBox();
      assert.ok(box && box.y >= 0 && box.y < 812, `${name} on the first screen (${box?.y})`);
    }
    const [callBox, teamBox] = [await call.boundingBox(), await team.boundingBox()];
    assert.ok(callBox && teamBox && callBox.y < teamBox.y, 'the team after the next call');
    assert.ok(
      (await page.evaluate<number>('document.documentElement.scrollWidth')) <= 375,
      'no page wider than the screen',
    );
    await mkdir(artifactsDir, { recursive: true });
    await page.screenshot({ path: artifact('project-page-client-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: artifact('project-page-client-1280.png') });
  },
);

suite.journey('a failed updates load says so once, with a Retry that loads them', async ({ page }) => {
  await signIn(page, people.projectManager.login, PASSWORD);
  let failing = true;
  await page.route('**/api/project-update/search**', (route) =>
    failing ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  );
  // A page load brings its first screen's reads inside the page (ADR 0017): the feed is asked for over
  // the network when the visitor comes to it from another section of the project.
  await page.goto(page1().replace('/daily-updates/', '/chat/'));
  await page.getByRole('tab', { name: 'Daily updates' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'The updates could not be loaded.' });
  await failed.waitFor();
  // The query tries twice; the generic toast shows once.
  await page.waitForTimeout(1500);
  assert.equal(await page.getByText(/^Something went wrong/).count(), 1, 'one toast per failure');
  assert.equal(await page.getByText(/^No updates yet/).count(), 0, 'an error is not an empty feed');
  failing = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('list', { name: 'Project updates' }).waitFor();
});

suite.journey(
  "a project manager invites a person from the project page: 'Invitation sent'",
  async ({ page, app }) => {
    await signIn(page, people.projectManager.login, PASSWORD);
    await page.goto(page1());
    await page.getByRole('button', { name: 'Invite a person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person' });
    const email = dialog.getByLabel('E-mail');
    await email.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Please, input correct e-mail address.', { exact: true }).waitFor();
    // The feed holds an earlier journey's update with a stripped <img> (no alt): the rest is checked.
    await expectNoA11yViolations(page, { exclude: ['[aria-label="Project updates"]'] });
    await email.fill('new.client@example.com');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The pending invitation is listed with Resend and Revoke (docs/product.md §F5).
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await pending.getByText('new.client@example.com', { exact: true }).waitFor();
    await mkdir(join(artifactsDir, 'screens'), { recursive: true });
    await pending.screenshot({
      path: join(artifactsDir, 'screens', 'projectManager-pending-invitations-1280.png'),
    });
    await expectNoA11yViolations(page, { exclude: ['[aria-label="Project updates"]'] });
    // The first toast closes by itself (3 s); the next 'Invitation sent' is the resend's own.
    await page.getByText('Invitation sent', { exact: true }).waitFor({ state: 'detached' });
    await pending.getByRole('button', { name: 'Resend the invitation to new.client@example.com' }).click();
    await page.getByText('Invitation sent', { exact: true }).waitFor();
    await pending.getByRole('button', { name: 'Revoke the invitation to new.client@example.com' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm
      .getByText('Revoke the invitation to new.client@example.com? Its link will stop working.')
      .waitFor();
    await confirm.getByRole('button', { name: /yes/i }).click();
    await page.getByText('Invitation revoked', { exact: true }).waitFor();
    await pending.waitFor({ state: 'detached' });

    // An e-mail that already has an account (any case): that person is added as an observer, and the
    // team panel lists them (docs/product.md §A8), also on the owner's page already open (the team's live
    // event). Sent with the keyboard.
    const context = await page.context().browser()!.newContext({ baseURL: app.url });
    const ownerPage = await context.newPage();
    await signIn(ownerPage, people.client.login, PASSWORD);
    await ownerPage.goto(page1());
    await ownerPage.getByRole('heading', { name: 'Your Team' }).waitFor();
    const team = page.getByRole('region', { name: 'Your Team' });
    await team.getByRole('button', { name: 'Invite a person' }).click();
    const existing = page.getByRole('dialog', { name: 'Invite a person' });
    await existing.getByLabel('E-mail').fill('ADA@example.com');
    await existing.getByLabel('E-mail').press('Enter');
    await page.getByText('User successfully added.', { exact: true }).waitFor();
    await existing.waitFor({ state: 'detached' });
    const observers = team.getByRole('region', { name: 'Observers' });
    await observers.getByText(people.assistant.name, { exact: true }).waitFor();
    await observers.getByText('Assistant', { exact: true }).waitFor();
    try {
      await ownerPage
        .getByRole('region', { name: 'Observers' })
        .getByText(people.assistant.name, { exact: true })
        .waitFor();
    } finally {
      await context.close();
    }

    // A client account is not made an observer: the product's failure toast, and why on the field. Sent on
    // a phone, pictured while the toast shows.
    await page.setViewportSize({ width: 375, height: 812 });
    await team.getByRole('button', { name: 'Invite a person' }).click();
    const refused = page.getByRole('dialog', { name: 'Invite a person' });
    await refused.getByLabel('E-mail').fill(people.client.login);
    await refused.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText("Something went wrong during the user's invitation.", { exact: true }).waitFor();
    await refused.getByText('A client account cannot be an observer', { exact: true }).waitFor();
    await page.screenshot({
      path: join(artifactsDir, 'screens', 'projectManager-invite-registered-client-375.png'),
    });
    assert.equal(await refused.getByLabel('E-mail').getAttribute('aria-invalid'), 'true');
    await expectNoA11yViolations(page, { exclude: ['[aria-label="Project updates"]'] });
    await page.setViewportSize({ width: 1280, height: 800 });
    await refused.screenshot({
      path: join(artifactsDir, 'screens', 'projectManager-invite-registered-client-1280.png'),
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.keyboard.press('Escape');
    await refused.waitFor({ state: 'detached' });
    assert.equal(await observers.getByRole('listitem').count(), 1, 'the client was not added');
    await observers.scrollIntoViewIfNeeded();
    await team.screenshot({ path: join(artifactsDir, 'screens', 'projectManager-team-observers-375.png') });
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 375),
      'the team panel fits the phone',
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await team.screenshot({ path: join(artifactsDir, 'screens', 'projectManager-team-observers-1280.png') });
  },
);

suite.journey(
  'an admin invites from the users table: the project is chosen, its pending invitations show',
  async ({ page, app }) => {
    await signIn(page, app.admin.email, app.admin.password);
    await page.goto('/users-table');
    await page.getByRole('button', { name: 'Invite a person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('This field is required', { exact: true }).waitFor();
    await dialog.getByLabel(/^Project/).fill('Olivia');
    await page.getByRole('option', { name: 'Olivia Shop website' }).click();
    await dialog.getByLabel('E-mail').fill('second.client@example.com');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent', { exact: true }).waitFor();
    await dialog
      .getByRole('region', { name: 'Pending invitations' })
      .getByText('second.client@example.com', { exact: true })
      .waitFor();
    await expectNoA11yViolations(page);

    // A registered e-mail from here too: added to the chosen project as an observer (docs/product.md §A8).
    await dialog.getByLabel('E-mail').fill(people.developer.login);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('User successfully added.', { exact: true }).waitFor();
    assert.equal(await dialog.getByLabel('E-mail').inputValue(), '', 'ready for the next address');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.goto(page1());
    await page
      .getByRole('region', { name: 'Observers' })
      .getByText(people.developer.name, { exact: true })
      .waitFor();
  },
);
