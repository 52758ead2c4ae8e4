import assert from 'node:assert/strict';
import { after } from 'node:test';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { startMailbox } from './support/mailbox.ts';
import { seedDatabase } from './support/seed-db.ts';

const mailbox = await startMailbox();
after(() => mailbox.close());

const PASSWORD = 'seeded-pass-1';
let userId = 0;
async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ insertPeople }) => {
    const ids = await insertPeople(
      { dana: { name: 'Dana Dev', login: 'dana.dev@example.com', role: 'developer', phone: '555-0100' } },
      PASSWORD,
    );
    userId = ids.dana;
  });
}
const suite = e2eSuite('email-change', { seed, env: { SMTP_URL: mailbox.smtpUrl } });

const linkIn = (text: string, path: string) =>
  new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(text)?.[0];

suite.journey(
  "an admin changes someone's e-mail: it applies once the new mailbox confirms it, and the old one may cancel",
  async ({ page, app }) => {
    await signIn(page, app.admin.email, app.admin.password);
    const save = async (email: string) => {
      await page.goto(`/edit-user/${userId}`);
      await page.getByRole('heading', { name: 'User', level: 1 }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page
        .locator('#main')
        .getByRole('button', { name: named('SAVE') })
        .click();
      await page.getByText('Updated!', { exact: true }).first().waitFor();
      await page.getByText(`We sent a confirmation link to ${email}.`, { exact: false }).first().waitFor();
    };

    // First change: the old address cancels it.
    await save('dana.first@example.com');
    const notice = await mailbox.waitForMail('dana.dev@example.com', (m) =>
      m.subject.includes('about to change'),
    );
    const cancel = linkIn(notice.text, '/email-change/cancel');
    assert.ok(cancel, `a cancel link in:\n${notice.text}`);
    await page.goto(cancel);
    await page.getByText('The change is cancelled', { exact: true }).waitFor();
    await expectNoA11yViolations(page);

    // Second change: the new address confirms it.
    await save('dana.new@example.com');
    const mail = await mailbox.waitForMail('dana.new@example.com', (m) => m.subject.includes('Confirm'));
    assert.equal(mail.subject, 'Confirm your new e-mail address');
    const confirm = linkIn(mail.text, '/email-change/confirm');
    assert.ok(confirm, `a confirm link in:\n${mail.text}`);
    assert.ok(confirm.startsWith(app.url), 'the link uses PUBLIC_URL');
    await page.goto(confirm);
    await page.getByText('Your e-mail address is confirmed', { exact: true }).waitFor();
    await expectNoA11yViolations(page);

    // A link works once.
    await page.goto(confirm);
    await page.getByText('This link no longer works', { exact: true }).waitFor();

    await page.goto('/users-table');
    await page
      .getByRole('row')
      .filter({ hasText: 'Dana Dev' })
      .getByText('dana.new@example.com')
      .first()
      .waitFor();
  },
);
