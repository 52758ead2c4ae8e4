import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { seedDatabase } from './support/seed-db.ts';

/**
 * Issue 4, second half: the team panel ('Your {product}'), the clients' projects strip, the first-visit
 * tour and the optional live chat. A tiny page on another loopback port plays the chat provider, so
 * CHAT_WIDGET_URL and the CSP it opens are exercised for real.
 */
const PASSWORD = 'team-pass-123';
const people = {
  client: { login: 'tina@example.com', name: 'Tina Owner', role: 'client' },
  admin: { login: 'ada@example.com', name: 'Ada Admin', role: 'admin' },
  developer: { login: 'dev@example.com', name: 'Dev Eloper', role: 'developer' },
  accountManager: { login: 'amy@example.com', name: 'Amy Accounts', role: 'accountManager' },
} as const;
const ids: Record<string, number> = {};
const projectIds: number[] = [];

const chatServer = createServer((_, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end('<!doctype html><html lang="en"><title>Chat</title><p>Hello from the chat desk</p></html>');
});
await new Promise<void>((resolve) => chatServer.listen(0, '127.0.0.1', resolve));
const chatUrl = `http://127.0.0.1:${(chatServer.address() as AddressInfo).port}/widget`;
after(() => new Promise<void>((resolve) => chatServer.close(() => resolve())));

async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    Object.assign(ids, await insertPeople(people, PASSWORD));
    for (const [i, title] of ['Tina garden app', 'Tina bakery site', 'Tina travel blog'].entries()) {
      const [project] = await db
        .insert(s.projects)
        .values({ title, ownerId: ids.client, createdAt: new Date(Date.UTC(2026, i, 5)) })
        .returning();
      projectIds.push(project!.id);
      await db
        .insert(s.projectMembers)
        .values({ projectId: project!.id, userId: ids.client!, kind: 'client' });
    }
    await db.insert(s.settings).values({ name: 'defaultAccauntManager', value: String(ids.accountManager) });
  });
}

const suite = e2eSuite('project-team', { seed, env: { CHAT_WIDGET_URL: chatUrl } });
const pagePath = (id: number) => `/project/daily-updates/${id}`;
const garden = () => projectIds[0]!;
const travel = () => projectIds[2]!;

/** A tiny PNG, as an avatar file chosen in the add-person modal. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A Mantine select or multi-select input by its label (a combobox, or a textbox when closed). */
function picker(page: Page, label: string) {
  return page
    .getByRole('combobox', { name: label, exact: true })
    .or(page.getByRole('textbox', { name: label, exact: true }))
    .first();
}

function collectCspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

suite.journey(
  'an admin edits the team: default account manager, a new developer with avatar, reminders, Save',
  async ({ page }) => {
    await signIn(page, people.admin.login, PASSWORD);
    await page.goto(pagePath(garden()));
    await page.getByRole('heading', { name: 'Your Team' }).waitFor();
    // A project without an account manager starts from the defaultAccauntManager setting.
    const accountManager = picker(page, 'Account manager');
    await page.getByText(people.accountManager.login, { exact: true }).waitFor();
    assert.equal(await accountManager.inputValue(), people.accountManager.name);
    // No strip for admins.
    assert.equal(await page.getByText(/^You have \d+ project\(s\)/).count(), 0);
    await expectNoA11yViolations(page);

    // Pick the existing developer.
    await picker(page, 'Developers').click();
    await page.getByRole('option', { name: people.developer.name }).click();
    await page.keyboard.press('Escape');

    // Add a developer: the product's messages first, then a real one.
    await page.getByRole('button', { name: 'Add developer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add developer' });
    await dialog.getByRole('button', { name: 'Add developer' }).click();
    await dialog.getByText('Avatar is required!', { exact: true }).waitFor();
    await dialog.getByText('Name is required!', { exact: true }).waitFor();
    await dialog.getByText('Email is required!', { exact: true }).waitFor();
    await dialog.getByLabel('Email').fill('not-an-email');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Avatar' }).click();
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await dialog.getByText('Only .jpeg or .png or .gif images allowed!', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Add developer' }).click();
    await dialog.getByText('Wrong email format!', { exact: true }).waitFor();

    const avatarChooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: /Avatar|notes\.txt/ }).click();
    await (await avatarChooser).setFiles({ name: 'nina.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByLabel('Name').fill('  Nina New  ');
    await dialog.getByLabel('Email').fill(' nina@example.com ');
    await dialog.getByRole('button', { name: 'Add developer' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The same e-mail again: the server's error title is toasted.
    await page.getByRole('button', { name: 'Add developer' }).click();
    const again = page.getByRole('dialog', { name: 'Add developer' });
    const againChooser = page.waitForEvent('filechooser');
    await again.getByRole('button', { name: 'Avatar' }).click();
    await (await againChooser).setFiles({ name: 'nina.png', mimeType: 'image/png', buffer: PNG });
    await again.getByLabel('Name').fill('Nina Twin');
    await again.getByLabel('Email').fill('nina@example.com');
    await again.getByRole('button', { name: 'Add developer' }).click();
    await page.getByText('Email is already taken', { exact: true }).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Nina is on the team already (the modal added her): her reminder toggle is live; default enabled.
    const ninaReminder = page.getByRole('switch', { name: 'Reminders for Nina New' });
    await ninaReminder.waitFor();
    assert.equal(await ninaReminder.isChecked(), true);
    await ninaReminder.dispatchEvent('click');
    await page.locator('[aria-label="Reminders for Nina New"]:not(:checked)').waitFor({ state: 'attached' });

    await page
      .getByRole('button', { name: named('SAVE') })
      .last()
      .click();
    await page.getByText('Project updated!', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'Reminders for Dev Eloper' }).waitFor();
    await page.locator('[aria-label="Reminders for Nina New"]:not(:disabled)').waitFor({ state: 'attached' });
    assert.equal(await page.getByRole('switch', { name: 'Reminders for Nina New' }).isChecked(), false);
    assert.equal(await picker(page, 'Account manager').inputValue(), people.accountManager.name);
    // A later toggle flips it back.
    await page.getByRole('switch', { name: 'Reminders for Nina New' }).dispatchEvent('click');
    await page.locator('[aria-label="Reminders for Nina New"]:checked').waitFor({ state: 'attached' });
  },
);

suite.journey('a developer sees the read-only Team list, with the new members', async ({ page }) => {
  await signIn(page, people.developer.login, PASSWORD);
  await page.goto(pagePath(garden()));
  await page.getByRole('list', { name: 'Team', exact: true }).waitFor();
  await page.getByText('Amy Accounts', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Add developer' }).count(), 0);
  assert.equal(await page.getByRole('switch').count(), 0);
  // Staff do not get the clients' live chat.
  assert.equal(await page.getByRole('button', { name: 'Chat with us' }).count(), 0);
});

suite.journey(
  'the owner gets the first-visit tour once (schedule call, attach hint, chat), and the projects strip',
  async ({ page }) => {
    const cspErrors = collectCspErrors(page);
    await signIn(page, people.client.login, PASSWORD);
    await page.goto(pagePath(travel()));
    // Step 1: the schedule-call modal.
    const schedule = page.getByRole('dialog', { name: 'Schedule a free discovery call' });
    await schedule.waitFor();
    await page.keyboard.press('Escape');
    await schedule.waitFor({ state: 'detached' });
    // Step 2: the attach hint; clicking it moves on.
    const hint = page.getByRole('button', { name: /Attach your documents/ });
    await hint.waitFor();
    await expectNoA11yViolations(page);
    const finished = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith('/tour-state') && /"step":4/.test(r.postData() ?? ''),
    );
    await hint.click();
    // Step 3: the live chat opens by itself (framed from CHAT_WIDGET_URL), and the tour ends.
    const chat = page.getByRole('complementary', { name: 'Live chat' });
    await chat.waitFor();
    await page.frameLocator('iframe[title="Live chat"]').getByText('Hello from the chat desk').waitFor();
    await hint.waitFor({ state: 'detached' });
    // Two seconds after the chat opened, the tour is over (step 4, kept on the server).
    await finished;
    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.getByRole('button', { name: 'Chat with us' }).waitFor();

    // The strip: count text, cards, collapse toggle.
    await page.getByText('You have 3 project(s). Have more ideas?', { exact: false }).waitFor();
    const strip = page.getByRole('region', { name: 'Your projects' });
    await strip.getByRole('link', { name: /Tina garden app/ }).waitFor();
    await strip.getByText('0 in Team').first().waitFor();
    await strip.getByRole('link', { name: 'Create a new project' }).waitFor();
    await strip.getByRole('button', { name: 'Hide projects' }).click();
    await strip.getByRole('link', { name: /Tina garden app/ }).waitFor({ state: 'detached' });
    await strip.getByRole('button', { name: 'Show projects' }).click();
    await strip.getByRole('link', { name: /Tina garden app/ }).click();
    await page.waitForURL(`**${pagePath(garden())}`);
    await page.getByRole('dialog', { name: 'Schedule a free discovery call' }).waitFor();
    await page.keyboard.press('Escape');
    // Here the owner follows the hint: opening the attach control and choosing a file moves to step 3.
    await page.getByRole('button', { name: /Attach your documents/ }).waitFor();
    const attachChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await attachChooser).setFiles({
      name: 'brief.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('brief'),
    });
    await page.getByRole('complementary', { name: 'Live chat' }).waitFor();
    await page.getByRole('link', { name: 'Download brief.txt' }).waitFor();

    // Another device: the travel blog's tour does not start again.
    const context = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const other = await context.newPage();
    try {
      await signIn(other, people.client.login, PASSWORD);
      await other.goto(pagePath(travel()));
      await other.getByRole('heading', { name: 'Project Details' }).waitFor();
      await other.getByRole('heading', { name: 'Updates' }).waitFor();
      await other.getByRole('button', { name: 'Chat with us' }).waitFor();
      assert.equal(await other.getByRole('dialog').count(), 0);
      assert.equal(await other.getByRole('button', { name: /Attach your documents/ }).count(), 0);
      // The chat belongs to the shell: it is there on the other screens of a client too.
      await other.goto(`/project/chat/${travel()}`);
      await other.getByRole('button', { name: 'Chat with us' }).waitFor();
    } finally {
      await context.close();
    }
    assert.deepEqual(cspErrors, []);
  },
);

suite.journey('on a phone the strip shows one card at a time', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, people.client.login, PASSWORD);
  const strip = page.getByRole('region', { name: 'Your projects' });
  await strip.getByRole('listitem').first().waitFor();
  assert.equal(await strip.getByRole('listitem').count(), 1);
  await strip.getByRole('button', { name: 'Next projects' }).click();
  await strip.getByRole('link', { name: /Tina bakery site/ }).waitFor();
});
