import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after } from 'node:test';
import { XSS_PAYLOADS } from '@dd/domain/xss-payloads';
import type { Browser, Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { openPage } from './support/browser.ts';
import { e2eSuite, signIn } from './support/fixtures.ts';
import { startMailbox } from './support/mailbox.ts';
import { artifactsDir } from './support/paths.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'chat-pass-123';
const people = {
  client: { login: 'olivia@example.com', name: 'Olivia Owner', role: 'client', phone: '5550100' },
  otherClient: { login: 'oscar@example.com', name: 'Oscar Other', role: 'client', phone: '5550110' },
  projectManager: {
    login: 'peter@example.com',
    name: 'Peter Manager',
    role: 'projectManager',
    phone: '5550200',
  },
  developer: { login: 'dana@example.com', name: 'Dana Developer', role: 'developer', phone: '5550300' },
} as const;
/** Seeded messages that match the search "invoice": more than a page of results (20). */
const SEARCHABLE = 25;
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
    await db.insert(s.tourStates).values([
      { userId: ids.client, projectId, step: 4, visited: true, openModal: false },
      { userId: ids.otherClient, projectId: otherProjectId, step: 4, visited: true, openModal: false },
    ]);
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    // The client's own older messages (two days old: never mailed, never unread to the client; lower ids
    // than the welcome below, as if written first): enough matches of one word for the search to page.
    await db.insert(s.messages).values(
      Array.from({ length: SEARCHABLE }, (_, i) => ({
        projectId,
        authorId: ids.client,
        body: `Invoice number ${i + 1} is attached`,
        createdAt: past(2 * 24 * 60 + SEARCHABLE - i),
      })),
    );
    // Written a quarter of an hour ago and read by nobody: the minute tick mails the developer about it.
    await db.insert(s.messages).values([
      {
        projectId,
        authorId: ids.projectManager,
        body: 'Welcome aboard! The **kick-off** notes are in the files.',
        createdAt: past(16),
      },
      { projectId, authorId: ids.projectManager, body: 'Staging goes up on Friday.', createdAt: past(15) },
    ]);
  });
}

const mailbox = await startMailbox();
after(() => mailbox.close());
const suite = e2eSuite('project-chat', { seed, env: { SMTP_URL: mailbox.smtpUrl } });
const screensDir = join(artifactsDir, 'screens');

async function shot(page: Page, name: string) {
  await mkdir(screensDir, { recursive: true });
  await page.screenshot({ path: join(screensDir, `${name}.png`) });
}

/** A second person at the same time: their own browser context (own cookies), signed in. */
async function secondPerson(page: Page, login: string) {
  const browser = page.context().browser() as Browser;
  const opened = await openPage(browser, suite.app.url);
  await signIn(opened.page, login, PASSWORD);
  return opened;
}

/** Opens a screen and waits until its live event stream is answered (the page listens from then on). */
async function gotoLive(page: Page, path: string) {
  const streamed = page.waitForResponse((r) => r.url().includes('/api/events') && r.status() === 200);
  await page.goto(path);
  await streamed;
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

suite.journey(
  'the missed-message mail arrives and its link opens the chat at the first unread',
  async ({ page }) => {
    const mail = await mailbox.waitForMail(
      people.developer.login,
      (m) => m.subject.includes('unread messages'),
      80_000,
    );
    assert.match(mail.subject, /2 unread messages in Olivia Shop website/);
    assert.match(mail.raw, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const link = new RegExp(`https?://[^\\s"<>]+/project/chat/${projectId}`).exec(mail.text ?? mail.raw);
    assert.ok(link, 'a link to the chat');
    await signIn(page, people.developer.login, PASSWORD);
    await page.goto(new URL(link[0]).pathname);
    const divider = page.getByText('New messages', { exact: true });
    await divider.waitFor();
    assert.ok(await divider.isVisible());
    await messages(page).getByText('Staging goes up on Friday.').waitFor();
    await shot(page, 'chat-from-mail-1280');

    // The mail's one-click unsubscribe turns it off; the chat's own switch turns it on again.
    const unsubscribe = /https?:\/\/[^\s"<>]+\/api\/chat\/unsubscribe\?token=[0-9A-Za-z._-]+/.exec(
      mail.text ?? mail.raw,
    );
    assert.ok(unsubscribe, 'an unsubscribe link');
    const mailSwitch = page.getByRole('switch', { name: 'E-mail me about missed messages' });
    assert.equal(await mailSwitch.isChecked(), true);
    await page.goto(new URL(unsubscribe[0]).pathname + new URL(unsubscribe[0]).search);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed').waitFor();
    await page.goto(`/project/chat/${projectId}`);
    await mailSwitch.waitFor();
    assert.equal(await mailSwitch.isChecked(), false);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/chat/${projectId}/mail`),
    );
    await mailSwitch.click({ force: true });
    assert.equal((await saved).status(), 200);
    await page.reload();
    await mailSwitch.waitFor();
    assert.equal(await mailSwitch.isChecked(), true);
  },
);

suite.journey(
  'the client and the project manager talk live; another client sees nothing; unread counts move',
  async ({ page }) => {
    const pm = await secondPerson(page, people.projectManager.login);
    const other = await secondPerson(page, people.otherClient.login);
    try {
      await gotoLive(pm.page, `/project/chat/${projectId}`);
      await messages(pm.page).getByText('Staging goes up on Friday.').waitFor();
      await gotoLive(other.page, `/project/chat/${otherProjectId}`);
      await other.page.getByText('No messages yet.', { exact: false }).waitFor();

      // The client sees the unread count in the strip and on the tab before opening the chat.
      await signIn(page, people.client.login, PASSWORD);
      await gotoLive(page, `/project/daily-updates/${projectId}`);
      const tabBadge = page.getByRole('tab', { name: /Chat/ }).getByTestId('chat-unread');
      await tabBadge.waitFor();
      assert.equal(await tabBadge.innerText(), '2');
      const stripBadge = page.getByRole('region', { name: 'Your projects' }).getByTestId('chat-unread');
      assert.equal(await stripBadge.innerText(), '2');
      await page.getByRole('tab', { name: /Chat/ }).click();
      await page.getByText('New messages', { exact: true }).waitFor();
      await tabBadge.waitFor({ state: 'detached' });

      // Typing shows on the other side; Enter sends, Shift+Enter breaks the line.
      await composer(page).click();
      await page.keyboard.type('Great news, @Peter');
      await pm.page.getByText('Olivia Owner is typing…').waitFor();
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('can we see it **today**?');
      const sentAt = Date.now();
      await page.keyboard.press('Enter');
      await messages(pm.page).locator('strong', { hasText: 'today' }).waitFor();
      const delay = Date.now() - sentAt;
      assert.ok(delay < 3000, `arrived after ${delay} ms`);
      assert.equal(await composer(page).inputValue(), '');

      // The project manager answers with a quote; the client sees it live.
      await messages(pm.page).getByRole('button', { name: 'Reply to Olivia Owner' }).last().click();
      await composer(pm.page).fill('Yes, after lunch.');
      await composer(pm.page).press('Enter');
      const reply = messages(page).locator('li', { hasText: 'Yes, after lunch.' }).last();
      await reply.waitFor();
      await reply.getByRole('blockquote').or(reply.locator('blockquote')).first().waitFor();
      assert.match(await reply.locator('blockquote').first().innerText(), /Olivia Owner/);

      // A file sent with a message: the client sees it in the chat (and it is a project file too).
      await pm.page.locator('.dd-chat__composer input[type=file]').setInputFiles({
        name: 'wireframes.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4 wireframes'),
      });
      await pm.page.getByRole('list', { name: 'Files to send' }).getByText('wireframes.pdf').waitFor();
      await pm.page.waitForFunction(
        () => !document.querySelector('.dd-chat__attached-item')?.textContent?.includes('%'),
      );
      await composer(pm.page).fill('Wireframes for the checkout');
      await composer(pm.page).press('Enter');
      await messages(page).getByRole('link', { name: 'wireframes.pdf' }).waitFor();

      // Script payloads stay text, in every open chat.
      for (const payload of XSS_PAYLOADS) {
        const posted = page.waitForResponse(
          (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/project/${projectId}/messages`),
        );
        await composer(page).fill(payload);
        await composer(page).press('Enter');
        assert.equal((await posted).status(), 201);
        await page.waitForFunction(
          () =>
            (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement | null)
              ?.value === '',
        );
      }
      await pm.page.waitForTimeout(1500);
      for (const p of [page, pm.page]) {
        assert.equal(await p.evaluate(() => (globalThis as { __xss?: number }).__xss), undefined);
        assert.equal(await p.locator('.dd-chat [onerror], .dd-chat [onload], .dd-chat script').count(), 0);
      }

      // While the client reads the daily updates, a new message moves the Chat tab's count.
      await page.getByRole('tab', { name: /Daily updates/ }).click();
      await composer(pm.page).fill('One more thing: the logo file, please.');
      await composer(pm.page).press('Enter');
      await tabBadge.waitFor();
      assert.equal(await tabBadge.innerText(), '1');

      // A draft survives a reload.
      await page.getByRole('tab', { name: /Chat/ }).click();
      await composer(page).fill('Sending it tonight');
      await page.waitForTimeout(2500);
      await page.reload();
      await composer(page).waitFor();
      assert.equal(await composer(page).inputValue(), 'Sending it tonight');

      // Another project's client saw none of it.
      assert.equal(await other.page.getByText('Great news', { exact: false }).count(), 0);
      assert.ok(await other.page.getByText('No messages yet.', { exact: false }).isVisible());

      await shot(page, 'chat-client-1280');
      await shot(pm.page, 'chat-project-manager-1280');
    } finally {
      await pm.context.close();
      await other.context.close();
    }
  },
);

suite.journey('at 375 px the chat fits the phone and sends', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, people.client.login, PASSWORD);
  await gotoLive(page, `/project/chat/${projectId}`);
  await messages(page).getByText('Staging goes up on Friday.').waitFor();
  await composer(page).fill('Sent from my phone, see https://example.com/staging for the build');
  await composer(page).press('Enter');
  await messages(page).getByText('Sent from my phone').waitFor();
  // A link inside a message is told from its text by an underline, not by colour alone (axe
  // link-in-text-block, 2.74:1 before): no serious finding on the chat with a message holding one.
  await messages(page).getByRole('link', { name: 'https://example.com/staging' }).waitFor();
  await expectNoA11yViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
  await page.getByRole('switch', { name: 'E-mail me about missed messages' }).waitFor();
  await shot(page, 'chat-client-375');

  // Search answers a page of matches, newest first, and "Load more results" reads the older ones.
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('invoice');
  const results = page.getByRole('list', { name: 'Search results' });
  await results.getByText(`Invoice number ${SEARCHABLE} is attached`).waitFor();
  assert.equal(await results.locator(':scope > li').count(), 20);
  await shot(page, 'chat-search-375');
  await page.getByRole('button', { name: 'Load more results' }).click();
  await results.getByText('Invoice number 1 is attached').waitFor();
  assert.equal(await results.locator(':scope > li').count(), SEARCHABLE);
  await page.getByText(`All ${SEARCHABLE} messages found`).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Load more results' }).count(), 0);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the search is ${wide} px wider than the phone`);
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('zebra');
  await page.getByText('No messages match “zebra”.').waitFor();
});
