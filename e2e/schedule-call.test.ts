import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after } from 'node:test';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { startMailbox } from './support/mailbox.ts';
import { artifactsDir } from './support/paths.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'people-pass-123';
const people = {
  client: { login: 'carla@example.com', name: 'Carla Client', role: 'client', phone: '5550100' },
  phoneClient: { login: 'phil@example.com', name: 'Phil Phone', role: 'client', phone: '5550111' },
  // Takes Phil's slot: an owner of their own project (one open call per project, docs/product.md §C9).
  rival: { login: 'rita@example.com', name: 'Rita Rival', role: 'client', phone: '5550122' },
  accountManager: {
    login: 'amy@example.com',
    name: 'Amy Manager',
    role: 'accountManager',
    phone: '5550200',
  },
} as const;
const projectIds: Record<string, number> = {};

async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const ids = await insertPeople(people, PASSWORD);
    for (const key of ['client', 'phoneClient', 'rival'] as const) {
      const [project] = await db
        .insert(s.projects)
        .values({ title: `${people[key].name} app`, ownerId: ids[key], accountManagerId: ids.accountManager })
        .returning();
      projectIds[key] = project!.id;
      await db.insert(s.projectMembers).values({ projectId: project!.id, userId: ids[key], kind: 'client' });
      // These owners have had their first-visit tour, so it does not open the modal by itself.
      await db
        .insert(s.tourStates)
        .values({ userId: ids[key], projectId: project!.id, step: 4, visited: true });
    }
  });
}

/** The schedule modal, opened from the updates feed prompt, once it shows free times. */
async function openFromPrompt(page: Page, button: string) {
  const prompt = page.getByRole('region', { name: 'Free discovery call' });
  const dialog = page.getByRole('dialog', { name: 'Schedule a free discovery call' });
  // On a loaded CI machine (Dec 4, 01:23 UTC) one click on the phone left no dialog and no request for
  // 30 s: the click landed while the feed was still settling. A person clicks again; so does the journey,
  // twice at most, and each wait below fails on its own so the report says which step did not come.
  for (let attempt = 1; ; attempt++) {
    await prompt.getByRole('button', { name: button }).click();
    try {
      await dialog.waitFor({ timeout: 10_000 });
      break;
    } catch (error) {
      if (attempt === 3)
        throw new Error(`the dialog did not open after ${attempt} clicks on ${button}`, { cause: error });
    }
  }
  await dialog
    .getByText(/^\d{1,2}:\d{2} (AM|PM)$/)
    .first()
    .waitFor({ timeout: 45_000 });
  return { prompt, dialog };
}

// Every axe rule runs (the strip's inline link is underlined, so link-in-text-block passes).
const A11Y = {};

const JSON_API = 'application/vnd.api+json';

/** Another owner books the slot starting at `start` through the API (their own project). */
async function bookAs(base: string, owner: 'client' | 'rival', start: string) {
  const login = people[owner].login;
  const signedIn = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': JSON_API },
    body: JSON.stringify({ data: { type: 'user', attributes: { login, password: PASSWORD } } }),
  });
  const token = ((await signedIn.json()) as { data: { attributes: { token: string } } }).data.attributes
    .token;
  const scheduled = start.replace('T', ' ').replace(/(\.\d+)?Z$/, '');
  const booked = await fetch(`${base}/api/scheduled-call/create`, {
    method: 'POST',
    headers: { 'content-type': JSON_API, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      data: {
        type: 'scheduled-call',
        attributes: { project_id: projectIds[owner], scheduled, timezone: 'UTC' },
      },
    }),
  });
  assert.equal(booked.status, 201, await booked.text());
}

const mailbox = await startMailbox();
after(() => mailbox.close());
const suite = e2eSuite('schedule-call', { seed, env: { SMTP_URL: mailbox.smtpUrl } });

suite.journey(
  "a client books a discovery call from the updates feed prompt and reads 'Talk soon!'",
  async ({ page }) => {
    await signIn(page, people.client.login, PASSWORD);
    await page.waitForURL(`**/project/daily-updates/${projectIds.client}`);
    const { prompt, dialog } = await openFromPrompt(page, 'Schedule a call');
    await dialog.getByText(/^Your time: /).waitFor();
    // The clock ticks each second.
    const clock = dialog.locator('time').first();
    const before = (await clock.textContent()) ?? '';
    await dialog.locator('time').filter({ hasNotText: before }).first().waitFor();
    const firstTime = dialog.getByRole('radio').first();
    await expectNoA11yViolations(page, A11Y);

    const next = dialog.getByRole('button', { name: 'Next', exact: true });
    assert.equal(await next.isDisabled(), true);
    const chosen = (await dialog.locator('.mantine-Chip-label').first().textContent())?.trim() ?? '';
    assert.ok(await firstTime.getAttribute('value'));
    await dialog.locator('.mantine-Chip-label').first().click();
    await next.click();
    await dialog.getByText('Are you sure?', { exact: true }).waitFor();
    assert.ok(chosen && (await dialog.textContent())?.includes(chosen), `the confirmation names '${chosen}'`);
    await expectNoA11yViolations(page, A11Y);
    await dialog.getByRole('button', { name: 'Yes, book the call' }).click();
    // Step three is titled 'Talk soon!'.
    const done = page.getByRole('dialog', { name: 'Talk soon!' });
    await done.waitFor();
    await page.getByText('Call scheduled successfully!', { exact: true }).waitFor();
    await done.getByRole('button', { name: 'Close', exact: true }).last().click();
    await done.waitFor({ state: 'detached' });

    // The prompt now shows the booked call (the project's current-user-scheduled-calls).
    const mine = page.getByRole('list', { name: 'Your discovery calls' });
    await mine.getByText('Booked').waitFor();
    assert.match((await mine.textContent()) ?? '', new RegExp(`at ${chosen} \\([A-Za-z_]+(/[A-Za-z_]+)*\\)`));

    // The client and the account manager receive the .ics invite.
    for (const to of [people.client.login, people.accountManager.login]) {
      const mail = await mailbox.waitForMail(to, (m) => m.subject.startsWith('Discovery call booked'));
      assert.match(mail.raw, /text\/calendar/);
      assert.match(mail.raw, /discovery-call\.ics/);
      assert.match(mail.text, /UTC/);
    }

    // One open call per project (docs/product.md §C9): the prompt offers no picker for a second one, but
    // Move and Cancel on the open call.
    assert.equal(await prompt.getByRole('button', { name: /Schedule/ }).count(), 0);
    await prompt.getByText('Need another time? Move the call, or cancel it and book again.').waitFor();
    await mkdir(join(artifactsDir, 'screens'), { recursive: true });
    const shot = (name: string) => page.screenshot({ path: join(artifactsDir, 'screens', name) });
    await shot('client-open-call-1280.png');

    // The client moves it: the slot picker in their zone, the new time on the card, an updated invite.
    await prompt.getByRole('button', { name: /^Move the call on / }).click();
    const moveDialog = page.getByRole('dialog', { name: 'Move the call' });
    const free = moveDialog.getByRole('group', { name: 'Free times' }).getByRole('button');
    await free.first().waitFor();
    // The dialog opens on the call's own day; the call moves to the next day offered, so its old time
    // cannot come back and the day of the next journey keeps its times.
    await moveDialog.getByLabel('Day', { exact: true }).click();
    await page.getByRole('option').nth(1).click();
    await free.first().waitFor();
    const moveHere = moveDialog.getByRole('button', { name: 'MOVE HERE' });
    assert.equal(await moveHere.isDisabled(), true, 'nothing to move to until a time is picked');
    const target = free.last();
    const targetTime = ((await target.textContent()) ?? '').trim();
    await target.click();
    assert.equal(await target.getAttribute('aria-pressed'), 'true');
    await expectNoA11yViolations(page, A11Y);
    await shot('client-move-call-1280.png');
    await moveHere.click();
    await moveDialog.waitFor({ state: 'detached' });
    await page.getByText('Call moved', { exact: true }).first().waitFor();
    await mine.getByText(new RegExp(`at ${targetTime} \\(`)).waitFor();
    assert.ok(!((await mine.textContent()) ?? '').includes(`at ${chosen} (`), 'the old time is gone');
    const moved = await mailbox.waitForMail(people.client.login, (m) =>
      m.subject.startsWith('Discovery call moved'),
    );
    assert.match(moved.raw, /method=REQUEST/i);

    // On a phone the card and its buttons fit; the client cancels from the keyboard.
    await page.setViewportSize({ width: 375, height: 740 });
    const cancelButton = prompt.getByRole('button', { name: /^Cancel the call on / });
    await cancelButton.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 375, `no sideways scroll at 375 px (${overflow} px wide)`);
    const box = await cancelButton.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375, 'Cancel is on screen');
    await shot('client-open-call-375.png');
    await cancelButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Cancel your discovery call?' });
    await confirm.getByText(/will be cancelled, and you get an e-mail/).waitFor();
    await expectNoA11yViolations(page, A11Y);
    await shot('client-cancel-call-375.png');
    await confirm.getByRole('button', { name: 'Yes, cancel the call' }).focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    // The card is the booking prompt again.
    await prompt.getByRole('button', { name: 'Schedule a call' }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Your discovery calls' }).count(), 0);
    await shot('client-call-cancelled-375.png');
    const cancelled = await mailbox.waitForMail(people.client.login, (m) =>
      m.subject.startsWith('Discovery call cancelled'),
    );
    assert.match(cancelled.raw, /method=CANCEL/i);
    await page.setViewportSize({ width: 1280, height: 800 });
  },
);

suite.journey(
  'on a phone, step two has a back control and an account manager sees the call',
  async ({ page, app }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, people.phoneClient.login, PASSWORD);
    await page.waitForURL(`**/project/daily-updates/${projectIds.phoneClient}`);
    const { dialog } = await openFromPrompt(page, 'Schedule a call');
    await expectNoA11yViolations(page, A11Y);
    // Late in the agency's day the first date has too few times left for this journey (it takes the
    // second time twice): then the next date that has times.
    const chips = dialog.locator('.mantine-Chip-label');
    await chips.first().waitFor();
    if ((await chips.count()) < 3) {
      await dialog
        .locator('.mantine-DatePicker-day:not([data-disabled]):not([data-selected])')
        .first()
        .click();
      await chips.nth(2).waitFor();
    }
    await dialog.locator('.mantine-Chip-label').nth(1).click();
    // Full-screen on a phone, and Next stays on screen below any number of slots (docs/product.md §F5).
    const next = dialog.getByRole('button', { name: 'Next', exact: true });
    const box = await next.boundingBox();
    assert.ok(box && box.y + box.height <= 740, `Next is on the first screen (bottom at ${box?.y} px)`);
    const content = await page.locator('.mantine-Modal-content').boundingBox();
    assert.ok(content && content.width >= 375 && content.x <= 0, 'the modal fills the phone');
    await mkdir(join(artifactsDir, 'screens'), { recursive: true });
    await page.screenshot({ path: join(artifactsDir, 'screens', 'client-schedule-call-modal-375.png') });
    await next.click();
    await dialog.getByText('Are you sure?', { exact: true }).waitFor();
    await expectNoA11yViolations(page, A11Y);
    await dialog.getByRole('button', { name: 'Back to date and time' }).click();
    const start = await dialog.getByRole('radio').nth(1).getAttribute('value');
    assert.ok(start);
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Someone else takes the same slot while Phil is on 'Are you sure?'.
    await bookAs(app.url, 'rival', start);
    await dialog.getByRole('button', { name: 'Yes, book the call' }).click();
    await page
      .getByText('Sorry this time slot has been booked few minutes ago. Please, choose another time', {
        exact: true,
      })
      .waitFor();
    await dialog.getByRole('button', { name: 'Next', exact: true }).waitFor();
    // The list is loaded again without the taken slot.
    await dialog.locator(`input[value="${start}"]`).waitFor({ state: 'detached' });

    await dialog.locator('.mantine-Chip-label').nth(1).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes, book the call' }).click();
    await page.getByText('Talk soon!', { exact: true }).waitFor();

    const context = await page.context().browser()!.newContext({ baseURL: app.url });
    const staffPage = await context.newPage();
    try {
      await signIn(staffPage, people.accountManager.login, PASSWORD);
      await staffPage.goto(`/project/daily-updates/${projectIds.phoneClient}`);
      const calls = staffPage.getByRole('list', { name: 'Discovery calls on this project' });
      // Each time names its zone: the viewer's (UTC here), then the booker's own time in theirs.
      await calls
        .getByText(/ at \d{1,2}:\d{2} [AP]M \(UTC\) · Phil Phone, \d{1,2}:\d{2} [AP]M in America\/New_York/)
        .waitFor();
      await calls.getByText('Booked').waitFor();
      assert.equal(await staffPage.getByRole('button', { name: named('Schedule a call') }).count(), 0);
      await expectNoA11yViolations(staffPage, A11Y);
    } finally {
      await context.close();
    }
  },
);
