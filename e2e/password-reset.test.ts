import assert from 'node:assert/strict';
import { after } from 'node:test';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, navItem, signIn } from './support/fixtures.ts';
import { startMailbox } from './support/mailbox.ts';

const mailbox = await startMailbox();
after(() => mailbox.close());
const suite = e2eSuite('password-reset', { env: { SMTP_URL: mailbox.smtpUrl } });

suite.journey('a user resets the password from the mailed link and is signed in', async ({ page, app }) => {
  await page.goto('/login/signin');
  await page.getByRole('link', { name: named('Forgot password?') }).click();
  await page.waitForURL('**/login/forgot-password');

  // An unknown address gets the product's message on the field.
  await page.getByLabel('E-mail', { exact: true }).fill('nobody@example.com');
  await page.getByRole('button', { name: named('Send reset link') }).click();
  await page.getByText("We can't find a user with that e-mail address.", { exact: true }).waitFor();

  // The input drops, as it is typed, what no address holds (docs/product.md §C5), and keeps a '+'.
  const field = page.getByLabel('E-mail', { exact: true });
  await field.fill('');
  await field.pressSequentially('anna+dd@client.test');
  assert.equal(await field.inputValue(), 'anna+dd@client.test');
  await field.fill('');
  await field.pressSequentially(`${app.admin.email} ;<>`);
  assert.equal(await field.inputValue(), app.admin.email);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: named('Send reset link') }).click();
  await page
    .getByText('Please check your email. We sent you a link to create a new password.', { exact: true })
    .waitFor();
  assert.equal(
    await page.getByLabel('E-mail', { exact: true }).count(),
    0,
    'the form is hidden after success',
  );

  const mail = await mailbox.waitForMail(app.admin.email, (m) => m.subject.includes('Reset your'));
  assert.equal(mail.subject, 'Reset your Delivery Desk password');
  assert.match(mail.html, /Delivery Desk/);
  const link = /https?:\/\/\S+\/login\/change-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  assert.ok(link, `a change-password link in:\n${mail.text}`);
  assert.ok(link.startsWith(app.url), 'the link uses PUBLIC_URL');

  await page.goto(link);
  const password = page.getByLabel('New password', { exact: true });
  await password.waitFor();
  await expectNoA11yViolations(page);
  await password.fill('brand-new-pass-1');
  await page.getByLabel('Repeat new password', { exact: true }).fill('brand-new-pass-2');
  await page.getByRole('button', { name: named('Save and sign in') }).click();
  await page.getByText("Passwords don't match.", { exact: true }).waitFor();
  await page.getByLabel('Repeat new password', { exact: true }).fill('brand-new-pass-1');
  await page.getByRole('button', { name: named('Save and sign in') }).click();

  // Signed in and taken home (the admin lands on the projects table).
  await page.waitForURL('**/projects-table');
  await navItem(page, 'SIGN OUT').click();
  await page.getByRole('link', { name: named('SIGN IN') }).waitFor();

  // The link works once: it now shows the invalid-token state (no form, a way to ask again).
  await page.goto(link);
  await page.getByRole('link', { name: named('Request a new link') }).waitFor();
  assert.equal(await page.getByLabel('New password', { exact: true }).count(), 0);
  // It says so in our words (the token check's own text is never shown) and offers a new link.
  await page.getByText('This link no longer works', { exact: true }).waitFor();
  await page.getByText(/invalid or has already been used/).waitFor();
  await expectNoA11yViolations(page);

  // The old password is gone, the new one works.
  await signIn(page, app.admin.email, 'brand-new-pass-1');
  await page.waitForURL('**/projects-table');
});
