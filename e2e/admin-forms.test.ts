import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';

const suite = e2eSuite('admin-forms');

/** Picks one option of a Mantine select (or adds one to a multi-select) by the field's label. */
async function pick(page: Page, label: string, option: string) {
  await page
    .getByRole('combobox', { name: label, exact: true })
    .or(page.getByRole('textbox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

type BrowserStorage = { localStorage: { getItem(key: string): string | null } };

/** The saved create-user draft as the browser holds it (null when there is none). */
async function userDraft(page: Page): Promise<string | null> {
  return page.evaluate(() =>
    (globalThis as unknown as BrowserStorage).localStorage.getItem('dd.admin-draft.create-user'),
  );
}

/** After a successful create the form starts over: wait until the field is empty again. */
async function formReset(page: Page, label: string) {
  const input = await page.getByLabel(label, { exact: true }).elementHandle();
  await page.waitForFunction((el) => (el as unknown as { value: string }).value === '', input);
}

suite.journey(
  'an admin creates a company, a team and a project from the team modal',
  async ({ page, app }) => {
    await signIn(page, app.admin.email, app.admin.password);
    await page.goto('/create-company');
    await page.getByRole('heading', { name: 'New Company', level: 1 }).waitFor();
    // Too short a title is refused with the product's minimum.
    await page.getByLabel('Title', { exact: true }).fill('A');
    await page
      .locator('#main')
      .getByRole('button', { name: named('CREATE') })
      .click();
    await page.getByText('Minimum 2 characters').waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Globex');
    await pick(page, 'Company type', 'Startup');
    await expectNoA11yViolations(page);
    await page
      .locator('#main')
      .getByRole('button', { name: named('CREATE') })
      .click();
    await toast(page, 'Company created');
    assert.equal(await page.getByLabel('Title', { exact: true }).inputValue(), '');

    await page.goto('/companies-table');
    await page.getByRole('cell', { name: 'Globex', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Startup', exact: true }).waitFor();

    await page.goto('/create-team');
    await page.getByRole('heading', { name: 'New Team', level: 1 }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Rocket');
    await page.getByLabel('Punch line', { exact: true }).fill('We launch');
    await expectNoA11yViolations(page);
    await page
      .locator('#main')
      .getByRole('button', { name: named('CREATE') })
      .click();
    await toast(page, 'Team created');

    await page.getByRole('button', { name: named('CREATE PROJECT') }).click();
    const modal = page.getByRole('dialog', { name: 'New Project' });
    await modal.getByLabel('Project title', { exact: true }).fill('Launchpad');
    await modal.getByRole('button', { name: named('CREATE') }).click();
    await toast(page, 'Project created');
    await modal.waitFor({ state: 'hidden' });

    await page.goto('/projects-table');
    await page.getByRole('cell', { name: 'Launchpad', exact: true }).waitFor();
    await page.goto('/teams-table');
    await page.getByRole('cell', { name: 'Rocket', exact: true }).waitFor();
  },
);

suite.journey(
  'an admin creates a user of each role-specific shape; the draft never keeps the password',
  async ({ page, app }) => {
    await signIn(page, app.admin.email, app.admin.password);
    await page.goto('/create-user');
    await page.getByRole('heading', { name: 'New User', level: 1 }).waitFor();

    // A developer: {product} (team) and tech expertise grouped Backend, Frontend, ...
    await pick(page, 'Role', 'Developer');
    await page.getByText('Tech expertise').waitFor();
    await page.getByText('Backend', { exact: true }).first().waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Dana Dev');
    await page.getByLabel('Email', { exact: true }).fill('dana.dev@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-77');
    await page.getByLabel('Phone', { exact: true }).fill('+1 415 555 0100');
    await pick(page, 'Team', 'Rocket');
    // The draft is written at most every 2 s; a reload brings the fields back, never the password.
    await page.waitForFunction(() =>
      (
        (globalThis as unknown as BrowserStorage).localStorage.getItem('dd.admin-draft.create-user') ?? ''
      ).includes('dana.dev@example.com'),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'New User', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), 'dana.dev@example.com');
    assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '');
    assert.ok(!((await userDraft(page)) ?? '').includes('secret-77'));
    await page.getByLabel('Password', { exact: true }).fill('secret-77');
    await pick(page, 'Backend', 'Node.js');
    await expectNoA11yViolations(page);
    await page
      .locator('#main')
      .getByRole('button', { name: named('CREATE') })
      .click();
    await toast(page, 'User created');
    await formReset(page, 'Name');
    assert.equal(await userDraft(page), null);
    // The form names the new record with a way to it (docs/product.md §F5).
    const created = page.getByRole('status').filter({ hasText: /^Created user / });
    await created.waitFor();
    assert.match(
      (await created.getByRole('link', { name: 'Open it' }).getAttribute('href')) ?? '',
      /^\/edit-user\/\d+$/,
    );

    // A client: a company.
    await pick(page, 'Role', 'Product owner');
    await page.getByLabel('Name', { exact: true }).fill('Cora Client');
    await page.getByLabel('Email', { exact: true }).fill('cora@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-77');
    await pick(page, 'Client company', 'Globex');
    assert.equal(await page.getByText('Tech expertise').count(), 0);
    await page
      .locator('#main')
      .getByRole('button', { name: named('CREATE') })
      .click();
    await toast(page, 'User created');
    await formReset(page, 'Name');

    // A project manager: one team. The same e-mail again is refused with the taken message.
    await pick(page, 'Role', 'Project manager');
    await page.getByLabel('Name', { exact: true }).fill('Pat Manager');
    await page.getByLabel('Email', { exact: true }).fill('cora@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-77');
    await pick(page, 'Team', 'Rocket');
    await page
      .locator('#main')
      .getByRole('button', { name: named('CREATE') })
      .click();
    await page.getByText('Email is already taken.', { exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('pat@example.com');
    await page
      .locator('#main')
      .getByRole('button', { name: named('CREATE') })
      .click();
    await toast(page, 'User created');
    await formReset(page, 'Name');

    // An account manager, for the settings journey.
    await pick(page, 'Role', 'Account manager');
    await page.getByLabel('Name', { exact: true }).fill('Alma Accounts');
    await page.getByLabel('Email', { exact: true }).fill('alma@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-77');
    await page.getByLabel('Phone', { exact: true }).fill('+1 415 555 0199');
    await page
      .locator('#main')
      .getByRole('button', { name: named('CREATE') })
      .click();
    await toast(page, 'User created');
    await formReset(page, 'Name');

    await page.goto('/users-table');
    for (const name of ['Dana Dev', 'Cora Client', 'Pat Manager', 'Alma Accounts'])
      await page.getByRole('cell', { name, exact: true }).waitFor();
  },
);

suite.journey(
  "an admin edits a user's role and sees the role-dependent fields change",
  async ({ page, app }) => {
    await signIn(page, app.admin.email, app.admin.password);
    await page.goto('/users-table');
    await page.getByRole('cell', { name: 'Dana Dev', exact: true }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Dana Dev' })
      .getByRole('link', { name: named('EDIT') })
      .click();
    await page.waitForURL('**/edit-user/*');
    await page.getByRole('heading', { name: 'User', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Full name', { exact: true }).inputValue(), 'Dana Dev');
    await page.getByText('Backend', { exact: true }).first().waitFor();
    await expectNoA11yViolations(page);

    await pick(page, 'User role', 'Project manager');
    // The developer-only tech selects go; the {product} select stays.
    await page.getByText('Tech expertise').waitFor({ state: 'detached' });
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page
      .locator('#main')
      .getByRole('button', { name: named('SAVE') })
      .click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('dana.pm@example.com');
    await page
      .locator('#main')
      .getByRole('button', { name: named('SAVE') })
      .click();
    await toast(page, 'Updated!');
    // Someone else's new e-mail waits for that mailbox to confirm it (e2e/email-change.test.ts).
    await page
      .getByText(/We sent a confirmation link to dana\.pm@example\.com/)
      .first()
      .waitFor();

    await page.goto('/users-table');
    const row = page.getByRole('row').filter({ hasText: 'Dana Dev' });
    await row.getByText('Project manager').first().waitFor();
    await row.getByText('dana.dev@example.com').first().waitFor();
  },
);

suite.journey('an admin sets the default account manager', async ({ page, app }) => {
  await signIn(page, app.admin.email, app.admin.password);
  await page.goto('/project-settings');
  await page.getByRole('heading', { name: 'Project Settings', level: 1 }).waitFor();
  await pick(page, 'Account manager', 'Alma Accounts');
  await page.getByLabel('Chosen account manager').getByText('+1 415 555 0199').waitFor();
  await page
    .locator('#main')
    .getByRole('button', { name: named('SAVE') })
    .click();
  await toast(page, 'Updated!');
  await page.reload();
  await page.getByLabel('Chosen account manager').getByText('Alma Accounts').waitFor();

  // The phone prefixes whose callers wait for approval: letters are refused, digits are kept.
  const prefixes = page.getByLabel('Blacklisted phone prefixes');
  await prefixes.fill('234, 92x');
  await page.getByText('Phone prefixes are digits separated by commas').waitFor();
  await prefixes.fill('234, 92');
  await page.getByRole('button', { name: named('SAVE PREFIXES') }).click();
  await toast(page, 'Updated!');
  await page.reload();
  await page.getByText('2 prefix(es) in force.').waitFor();
  assert.equal(await page.getByLabel('Blacklisted phone prefixes').inputValue(), '234, 92');

  // A project created without an account manager gets the default one.
  await page.goto('/create-project');
  await page.getByRole('heading', { name: 'New Project', level: 1 }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill('Nebula');
  await pick(page, 'Client', 'Cora Client');
  await pick(page, 'Project managers', 'Pat Manager');
  await expectNoA11yViolations(page);
  await page
    .locator('#main')
    .getByRole('button', { name: named('CREATE') })
    .click();
  await toast(page, 'Project created');
  // CREATE ends on a way to the new project: its page opens from the form.
  await page.getByRole('status').getByRole('link', { name: 'Open it' }).click();
  await page.getByRole('heading', { name: 'Nebula', level: 1 }).waitFor();
  await page.goto('/projects-table');
  const row = page.getByRole('row').filter({ hasText: 'Nebula' });
  await row.getByText('Cora Client').first().waitFor();
});
