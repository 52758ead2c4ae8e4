import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, navItem, signIn } from './support/fixtures.ts';

/** Holds back every request for files matching `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const suite = e2eSuite('sign-in');
const adminMenu = ['SETTINGS', 'CREATE', 'USERS', 'TEAMS', 'COMPANIES', 'OUTBOX', 'PROJECTS', 'SIGN OUT'];

suite.journey('the admin signs in, sees the admin menu and signs out', async ({ page, app }) => {
  await signIn(page, app.admin.email, app.admin.password);
  await page.waitForURL('**/projects-table');
  for (const label of adminMenu) {
    await navItem(page, label).waitFor({ state: 'visible' });
  }

  await navItem(page, 'SIGN OUT').click();
  await page.getByRole('link', { name: named('SIGN IN') }).waitFor({ state: 'visible' });
  await page.getByRole('link', { name: named('GET STARTED') }).waitFor({ state: 'visible' });
  assert.equal(await navItem(page, 'SETTINGS').count(), 0, 'the admin menu is gone after signing out');
  // The outbox is one click away for admins (docs/product.md §F5); signed out it is not.
  assert.equal(await navItem(page, 'OUTBOX').count(), 0);

  // The session is really over: a staff page sends the visitor back to sign-in.
  await page.goto('/projects-table');
  await page.waitForURL('**/login/signin');
});

suite.journey("a wrong password shows 'Sorry, password is incorrect'", async ({ page, app }) => {
  await page.goto('/login/signin');
  await page.getByLabel('Login', { exact: true }).fill(app.admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: named('Sign in') }).click();
  await page.getByText('Sorry, password is incorrect', { exact: true }).waitFor({ state: 'visible' });
  assert.equal(new URL(page.url()).pathname, '/login/signin');

  // An unknown login gets the same answer, so the form never tells which accounts exist.
  await page.reload();
  await page.getByLabel('Login', { exact: true }).fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: named('Sign in') }).click();
  await page.getByText('Sorry, password is incorrect', { exact: true }).waitFor({ state: 'visible' });
});

suite.journey('the sign-in page has no accessibility violations', async ({ page }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto('/login/signin');
  await page.getByRole('button', { name: named('Sign in') }).waitFor({ state: 'visible' });
  await expectNoA11yViolations(page);
  assert.deepEqual(cspViolations, [], 'the web app runs under the server CSP without violations');
});

suite.journey('/login/singin lands on /login/signin', async ({ page }) => {
  await page.goto('/login/singin');
  await page.waitForURL('**/login/signin');
  await page.getByLabel('Login', { exact: true }).waitFor({ state: 'visible' });
});

suite.journey('an anonymous visitor meets no console error on any page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/authorization/check')) checks.push(request.url());
  });
  for (const path of ['/login/signin', '/login/forgot-password', '/get-started', '/projects-table', '/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  assert.deepEqual(errors, [], 'no console errors');
  assert.deepEqual(checks, [], 'no session check without a session cookie');

  // After signing in, the session is asked for as before.
  await page.goto('/login/signin');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
});

suite.journey(
  'after sign-in on a slow network, staff see a skeleton, never a blank page, until the projects table loads',
  async ({ page, app }) => {
    await page.goto('/login/signin');
    await page.getByLabel('Login', { exact: true }).fill(app.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(app.admin.password);
    // A slow mobile network: every chunk and answer after the click takes its time.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    // Every 10 ms: what <main> shows once the page has left /login.
    await page.evaluate(() => {
      const frames: string[] = [];
      (window as unknown as { ddFrames: string[] }).ddFrames = frames;
      const timer = setInterval(() => {
        if (window.location.pathname.startsWith('/login')) return;
        const main = document.querySelector('main');
        const skeleton = main?.querySelector('.mantine-Skeleton-root') ?? null;
        const text = main?.innerText.trim() ?? '';
        const state = skeleton ? 'skeleton' : text ? 'content' : 'blank';
        frames.push(
          state === 'blank'
            ? `blank ${window.location.pathname} ${main?.innerHTML.slice(0, 300) ?? 'no main'}`
            : state,
        );
        if (frames.length > 3000) clearInterval(timer);
      }, 10);
    });
    await page.getByRole('button', { name: named('Sign in') }).click();
    await page.waitForURL('**/projects-table', { timeout: 30_000 });
    await page.locator('main .mantine-Skeleton-root').first().waitFor({ state: 'visible' });
    await page.screenshot({ path: 'e2e/artifacts/sign-in-skeleton.png' }).catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor({ timeout: 30_000 });
    await page.locator('main .mantine-Skeleton-root').first().waitFor({ state: 'detached', timeout: 30_000 });
    const frames = await page.evaluate(() => (window as unknown as { ddFrames: string[] }).ddFrames);
    assert.ok(frames.length > 0, 'the page was watched after leaving /login');
    assert.deepEqual(
      frames.filter((f) => f.startsWith('blank')),
      [],
      'never a blank page',
    );
    assert.ok(frames.includes('skeleton'), 'a skeleton showed while the screen loaded');
    await cdp.detach();
  },
);

suite.journey(
  'the page says it is loading before any script has run, and the app replaces it',
  async ({ page }) => {
    // Scripts held back for a while, as on a slow phone network: the page itself already shows the
    // spinner and its words (docs/adr/0035-first-paint-from-the-page-itself.md), not a blank screen.
    const release = await holdBack(page, '**/assets/*.js');
    await page.goto('/login/signin', { waitUntil: 'commit' });
    const status = page.getByRole('status');
    await status.filter({ hasText: 'Loading Delivery Desk…' }).waitFor({ state: 'visible' });
    assert.equal(await page.locator('.dd-first-paint').count(), 1, 'the first paint is the page itself');
    assert.equal(await page.getByRole('button', { name: named('Sign in') }).count(), 0);

    release();
    await page.getByRole('button', { name: named('Sign in') }).waitFor({ state: 'visible' });
    assert.equal(await page.locator('.dd-first-paint').count(), 0, 'the app replaced the first paint');
  },
);

suite.journey(
  'the page paints its loading state while the stylesheets are still on their way, and the app waits for them',
  async ({ page }) => {
    // Stylesheets held back, as on a slow phone network: they no longer hold back the page's first paint
    // (docs/adr/0037-stylesheets-that-do-not-block.md), and the app does not render unstyled meanwhile.
    const release = await holdBack(page, '**/assets/*.css');
    await page.goto('/login/signin', { waitUntil: 'commit' });
    await page
      .getByRole('status')
      .filter({ hasText: 'Loading Delivery Desk…' })
      .waitFor({ state: 'visible' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      {
        timeout: 5_000,
      },
    );
    // Well past the time the scripts need here: still the loading state, not an unstyled form.
    await page.waitForTimeout(1_000);
    assert.equal(await page.getByRole('button', { name: named('Sign in') }).count(), 0);

    release();
    const signIn = page.getByRole('button', { name: named('Sign in') });
    await signIn.waitFor({ state: 'visible' });
    // Mantine's stylesheet applies: its filled button has the brand colour, not the browser's grey.
    const background = await signIn.evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(background, 'rgb(58, 68, 189)', 'the sign-in button is styled');
  },
);

suite.journey(
  'when the scripts never arrive, the first paint says so after ten seconds and its reload link works',
  async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort('connectionfailed'));
    await page.goto('/login/signin', { waitUntil: 'commit' });
    const slow = page.getByText('This is taking longer than it should.');
    await page.getByRole('status').filter({ hasText: 'Loading Delivery Desk…' }).waitFor();
    assert.equal(await slow.isVisible(), false, 'not said while a normal load would still be under way');
    await slow.waitFor({ state: 'visible', timeout: 15_000 });

    // The connection is back: the link reloads the page, and the app starts.
    await page.unroute('**/assets/*.js');
    await page.getByRole('link', { name: 'reload the page' }).click();
    await page.getByRole('button', { name: named('Sign in') }).waitFor({ state: 'visible' });
  },
);
