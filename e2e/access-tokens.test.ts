import assert from 'node:assert/strict';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';

/**
 * Personal access tokens in a browser (issue 45 §3, ADR 0052): an admin reaches the page from the bell,
 * makes a read-only token, sees its secret once, uses it from outside the browser, and revokes it; the
 * next request with it is refused. At phone width the page does not scroll sideways.
 */
const suite = e2eSuite('access-tokens');

suite.journey('make a token, use it from a script, revoke it', async ({ page, app }) => {
  await signIn(page, app.admin.email, app.admin.password);
  await page
    .getByRole('button', { name: /notifications/i })
    .first()
    .click();
  await page.getByRole('link', { name: 'Access tokens' }).click();
  await page.getByRole('heading', { name: 'Access tokens', level: 1 }).waitFor();
  await page.getByText('You have no access tokens.').waitFor();

  // A name is required; nothing is sent without one.
  await page.getByRole('button', { name: named('CREATE TOKEN') }).click();
  await page.getByText('Name is required').waitFor();

  await page.getByRole('textbox', { name: /^Name/ }).fill('Nightly report script');
  await page.getByRole('button', { name: named('CREATE TOKEN') }).click();
  const shown = page.getByLabel('Your new token (shown once)');
  await shown.waitFor();
  const token = await shown.inputValue();
  assert.match(token, /^ddpat_[A-Za-z0-9_-]{43}$/);
  await expectNoA11yViolations(page);

  const api = (method: string, path: string) =>
    fetch(`${app.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.api+json',
        accept: 'application/vnd.api+json',
      },
      ...(method === 'GET'
        ? {}
        : { body: JSON.stringify({ data: { type: 'notification-read', attributes: { all: true } } }) }),
    });
  assert.equal((await api('GET', '/authorization/check')).status, 200);
  assert.equal((await api('POST', '/notification/read')).status, 403, 'a read-only token cannot write');

  // The list shows it without its secret, used just now.
  await page.getByRole('button', { name: named('DONE') }).click();
  await page.reload();
  const row = page.getByRole('row', { name: /Nightly report script/ });
  await row.waitFor();
  assert.ok(!(await page.content()).includes(token), 'the secret is not shown again');
  await row.getByText('Read only').waitFor();
  assert.ok(!(await row.textContent())?.includes('Never'), 'the last use is recorded');

  await page.setViewportSize({ width: 375, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone`);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Revoke Nightly report script' }).click();
  await page.getByRole('button', { name: named('YES') }).click();
  await page.getByText('You have no access tokens.').waitFor();
  assert.equal((await api('GET', '/authorization/check')).status, 401, 'a revoked token is refused at once');
});
