import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named } from './support/fixtures.ts';
import { artifactsDir } from './support/paths.ts';

const suite = e2eSuite('get-started');

const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: text });
const next = (page: Page) => page.getByRole('button', { name: named('Next') });

/** Steps 1 to 5 as a visitor: keeps the preselected choices, describes the project and picks a tech. */
async function walkToAccountStep(page: Page, { axe = false } = {}) {
  await heading(page, 'What do you need help with?').waitFor();
  await page.getByText('No-risk trial. Pay only if satisfied.').waitFor();
  assert.equal(await page.getByRole('radio').first().isChecked(), true, 'the first state is preselected');
  if (axe) await expectNoA11yViolations(page);
  await next(page).click();

  await heading(page, 'Describe your project or hiring needs').waitFor();
  await page.getByLabel('Your project or hiring needs').fill('A marketplace for handmade furniture.');
  assert.equal(
    await page.getByLabel('Other: tell us what it is').count(),
    0,
    'no Other text until Other is chosen',
  );
  await page.getByText('Other', { exact: true }).click();
  await page.getByLabel('Other: tell us what it is').fill('Augmented reality previews');
  if (axe) await expectNoA11yViolations(page);
  await next(page).click();

  await heading(page, 'Do you know your tech stack?').waitFor();
  await page.getByRole('combobox', { name: 'Technologies' }).click();
  await page.getByRole('option', { name: 'Node.js' }).click();
  await page.keyboard.press('Escape');
  if (axe) await expectNoA11yViolations(page);
  await next(page).click();

  await heading(page, 'What is your budget?').waitFor();
  if (axe) await expectNoA11yViolations(page);
  await next(page).click();

  await heading(page, 'How big is your company?').waitFor();
  if (axe) await expectNoA11yViolations(page);
  await next(page).click();

  await heading(page, 'Create an account to save your request').waitFor();
}

suite.journey('a visitor completes the wizard and lands on the project page', async ({ page }) => {
  await page.goto('/get-started?ref=PARTNER7');
  await heading(page, 'What do you need help with?').waitFor();
  await page.waitForURL((url) => !url.search.includes('ref='));
  await page.getByRole('link', { name: named('Sign In') }).waitFor();

  await walkToAccountStep(page, { axe: true });
  // Step 6 validation with the product's messages.
  await page.getByRole('button', { name: named('Save my request') }).click();
  for (const message of [
    'Please, input correct title',
    'Please, input correct e-mail address.',
    'Enter Correct Phone Number',
    'Minimum 6 Characters',
  ]) {
    await page.getByText(message, { exact: true }).waitFor();
  }
  await expectNoA11yViolations(page);

  await page.getByLabel('Project name').fill('Furniture market');
  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Phone').fill('+1 (415) 555-0199');
  await page.getByLabel(/^Password/).fill('compiler-1952');
  await page.getByRole('button', { name: named('Save my request') }).click();
  await page.waitForURL(/\/project\/daily-updates\/\d+$/);

  const marker = (await page.context().cookies()).find((c) => c.name === 'dd_registered');
  assert.equal(marker?.value, '1', 'the registration marker cookie is set for the first-visit tour');
  const draft = await page.evaluate<string | null>("localStorage.getItem('dd.get-started.draft')");
  assert.equal(draft, null, 'the draft is cleared after success');

  // A welcome names the next step; the page stays at the top (no jump to the tour's hint).
  await page.getByRole('heading', { name: 'Welcome, Grace!' }).waitFor();
  await page.getByText('Next step:', { exact: true }).waitFor();
  const hint = page.getByRole('button', { name: /Attach your documents/ });
  await hint.waitFor();
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate<number>('window.scrollY'), 0, 'no scroll jump after sign-up');
  await expectNoA11yViolations(page);
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, 'get-started-welcome-1280.png') });
  // The hint covers nothing it points at: not the attach control, not the link input.
  const overlaps = (
    a: { x: number; y: number; width: number; height: number } | null,
    b: { x: number; y: number; width: number; height: number } | null,
  ) =>
    !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const hintBox = await hint.boundingBox();
  for (const target of [
    page.getByRole('button', { name: 'Attach files' }),
    page.getByLabel('Add a link'),
    page.getByRole('list', { name: 'Files and links' }),
  ])
    assert.ok(!overlaps(hintBox, await target.boundingBox()), 'the hint covers nothing');
  // The welcome's button takes the client to the attach control on request.
  await page.getByRole('button', { name: 'Attach documents' }).click();
  await page.waitForFunction(`(() => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Attach files');
    const box = button?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.bottom <= window.innerHeight;
  })()`);
});

suite.journey("a taken e-mail shows 'Email is already taken.' on the email field", async ({ page, app }) => {
  await page.goto('/get-started');
  await walkToAccountStep(page);
  await page.getByLabel('Project name').fill('Second try');
  await page.getByLabel('Your name').fill('Admin Again');
  await page.getByLabel('Email').fill(app.admin.email);
  await page.getByLabel('Phone').fill('14155550111');
  await page.getByLabel(/^Password/).fill('secret-pass');
  await page.getByRole('button', { name: named('Save my request') }).click();
  await page.getByText('Email is already taken.', { exact: true }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/get-started');
});

suite.journey('a draft survives a reload, without the password', async ({ page }) => {
  await page.goto('/get-started');
  await walkToAccountStep(page);
  await page.getByLabel('Project name').fill('Draft project');
  await page.getByLabel('Email').fill('draft@example.com');
  await page.getByLabel(/^Password/).fill('never-kept');
  // The draft is saved at most once a second.
  await page.waitForTimeout(1500);
  await page.reload();

  await heading(page, 'Create an account to save your request').waitFor();
  assert.equal(await page.getByLabel('Project name').inputValue(), 'Draft project');
  assert.equal(await page.getByLabel('Email').inputValue(), 'draft@example.com');
  assert.equal(await page.getByLabel(/^Password/).inputValue(), '', 'the password is cleared');
  const stored = await page.evaluate<string>("localStorage.getItem('dd.get-started.draft') ?? ''");
  assert.ok(!stored.includes('never-kept'), 'the password never reaches local storage');

  // Back walks the steps in reverse; the earlier answers are still there.
  await page.getByRole('button', { name: named('Back') }).click();
  await page.getByRole('button', { name: named('Back') }).click();
  await page.getByRole('button', { name: named('Back') }).click();
  await page.getByRole('button', { name: named('Back') }).click();
  await heading(page, 'Describe your project or hiring needs').waitFor();
  assert.equal(
    await page.getByLabel('Your project or hiring needs').inputValue(),
    'A marketplace for handmade furniture.',
  );
});
