import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after } from 'node:test';
import { MESSAGES, PHONE_PREFIX_BLACKLIST_SETTING } from '@dd/domain';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { startMailbox } from './support/mailbox.ts';
import { artifactsDir } from './support/paths.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'people-pass-123';
const people = {
  // Phone prefix 92 is blacklisted: Pablo's call waits for approval (docs/product.md §C9).
  pablo: { login: 'pablo@example.com', name: 'Pablo Pending', role: 'client', phone: '925550111' },
  amy: { login: 'amy@example.com', name: 'Amy Manager', role: 'accountManager', phone: '5550200' },
} as const;

async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const ids = await insertPeople(people, PASSWORD);
    const [project] = await db
      .insert(s.projects)
      .values({ title: 'Pablo shop', ownerId: ids.pablo, accountManagerId: ids.amy })
      .returning();
    await db.insert(s.projectMembers).values({ projectId: project!.id, userId: ids.pablo, kind: 'client' });
    await db
      .insert(s.settings)
      .values({ name: PHONE_PREFIX_BLACKLIST_SETTING, value: '92' })
      .onConflictDoUpdate({ target: s.settings.name, set: { value: '92' } });
  });
}

const mailbox = await startMailbox();
after(() => mailbox.close());
const suite = e2eSuite('call-approval', { seed, env: { SMTP_URL: mailbox.smtpUrl } });

suite.journey(
  "a call that needs approval: the staff mail's Approve link, sign-in, confirm, and the client sees it booked",
  async ({ page, app }) => {
    const screens = join(artifactsDir, 'screens');
    await mkdir(screens, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Pablo books the first free slot; his phone's prefix makes it a request. The first visit's tour would
    // open the same booking modal by itself, racing the prompt's button: the campaign cookie that hides
    // the tour's booking step (docs/product.md §C4) leaves the prompt as the one way in.
    await page.context().addCookies([{ name: 'dd_hide_schedule_call', value: '1', url: app.url }]);
    await signIn(page, people.pablo.login, PASSWORD);
    await page.waitForURL('**/project/daily-updates/*');
    const projectPath = new URL(page.url()).pathname;
    const prompt = page.getByRole('region', { name: 'Free discovery call' });
    await prompt.getByRole('button', { name: 'Schedule a call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a free discovery call' });
    await dialog
      .getByText(/^\d{1,2}:\d{2} (AM|PM)$/)
      .first()
      .waitFor();
    await dialog.locator('.mantine-Chip-label').first().click({ force: true });
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes, book the call' }).click();
    await page.getByText(MESSAGES.callRequested).first().waitFor();
    await page.keyboard.press('Escape');
    await prompt.getByText('Waiting for approval').waitFor();

    // Amy's mail: one entry, with signed Approve and Decline links.
    const mail = await mailbox.waitForMail(people.amy.login, (m) =>
      /waits for your approval/.test(m.subject),
    );
    const approve = /Approve: (\S+)/.exec(mail.text)?.[1];
    assert.ok(approve, `an Approve link in:\n${mail.text}`);
    assert.match(mail.text, /Decline: \S+\/call-action\?token=/);
    assert.match(mail.html ?? mail.raw, /Approve/);
    const link = new URL(approve);
    assert.equal(link.pathname, '/call-action');

    // Someone else at this browser (signed out) opens it: sign-in first, then back to the call.
    await page.context().clearCookies();
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL('**/login/signin?next=*');
    await page.getByLabel('Login', { exact: true }).fill(people.amy.login);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: named('Sign in') }).click();
    await page.waitForURL('**/call-action?token=*');
    await page.getByRole('heading', { name: 'Approve the discovery call?' }).waitFor();
    const card = page.getByRole('region', { name: 'The call' });
    await card.getByText('Pablo shop').waitFor();
    await card.getByText('Client: Pablo Pending').waitFor();
    await card.getByText('Waiting for approval').waitFor();
    await expectNoA11yViolations(page);
    await page.screenshot({ path: join(screens, 'call-action-confirm-1280.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: join(screens, 'call-action-confirm-375.png'), fullPage: true });

    // Opening the link approved nothing; the button does.
    await card.getByRole('button', { name: 'Approve call' }).click();
    await page.getByText('Call approved').waitFor();
    await page.screenshot({ path: join(screens, 'call-action-approved-375.png') });

    // Pablo is told by mail, and his project page shows the call booked.
    await mailbox.waitForMail(people.pablo.login, (m) => /confirmed/i.test(m.subject));
    await page.context().clearCookies();
    await signIn(page, people.pablo.login, PASSWORD);
    await page.goto(projectPath);
    await page.getByRole('list', { name: 'Your discovery calls' }).getByText('Booked').waitFor();
    await page.screenshot({ path: join(screens, 'call-approved-client-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(screens, 'call-approved-client-1280.png') });
  },
);

suite.journey(
  'an admin edits the booking rules and the company timezone in Settings',
  async ({ page, app }) => {
    const screens = join(artifactsDir, 'screens');
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, app.admin.email, app.admin.password);
    await page.goto('/project-settings');
    const card = page.getByRole('region', { name: 'Booking rules for discovery calls' });
    const days = card.getByLabel('Days ahead');
    await days.waitFor();
    assert.equal(await days.inputValue(), '28');
    assert.equal(await card.getByLabel('Buffer between calls (minutes)').inputValue(), '15');
    // Out of range: said at the field, and nothing to save.
    await days.fill('500');
    await card.getByText('Days ahead is a whole number from 1 to 365').waitFor();
    assert.equal(await card.getByRole('button', { name: 'SAVE BOOKING RULES' }).isDisabled(), true);
    await days.fill('14');
    await card.getByLabel('Company timezone', { exact: true }).fill('Europe/Ber');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    await card.getByRole('button', { name: 'SAVE BOOKING RULES' }).click();
    await page.getByText(MESSAGES.updated).first().waitFor();
    // The work hours are now read in Berlin, and their card says so.
    await page.getByText('Times in the company timezone (Europe/Berlin)', { exact: false }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectNoA11yViolations(page);
    await page.screenshot({ path: join(screens, 'booking-rules-1280.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screens, 'booking-rules-375.png') });
    // Saved: a reload shows the new values.
    await page.reload();
    await page
      .getByRole('region', { name: 'Booking rules for discovery calls' })
      .getByLabel('Days ahead')
      .waitFor();
    assert.equal(
      await page
        .getByRole('region', { name: 'Booking rules for discovery calls' })
        .getByLabel('Days ahead')
        .inputValue(),
      '14',
    );
  },
);
