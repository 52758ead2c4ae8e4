import assert from 'node:assert/strict';
import { after } from 'node:test';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, navItem, signIn } from './support/fixtures.ts';
import { startMailbox } from './support/mailbox.ts';
import { seedDatabase } from './support/seed-db.ts';

const mailbox = await startMailbox();
after(() => mailbox.close());

const PASSWORD = 'seeded-pass-1';
let userId = 0;
let projectId = 0;
async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const [company] = await db.insert(s.companies).values({ title: 'Olivia Shop' }).returning();
    const ids = await insertPeople(
      {
        dana: { name: 'Dana Dev', login: 'dana.dev@example.com', role: 'developer', phone: '+14155550100' },
        owner: {
          name: 'Olivia Owner',
          login: 'owner@example.com',
          role: 'client',
          phone: '+14155550100',
          companyId: company!.id,
        },
        pm: { name: 'Peter Manager', login: 'pm@example.com', role: 'projectManager', phone: '+14155550200' },
        outsider: {
          name: 'Oscar Outsider',
          login: 'oscar@example.com',
          role: 'projectManager',
          phone: '+14155550300',
        },
      },
      PASSWORD,
    );
    userId = ids.dana;
    const [project] = await db
      .insert(s.projects)
      .values({
        title: 'Olivia Shop website',
        ownerId: ids.owner,
        companyId: company!.id,
        description: 'An online shop',
      })
      .returning();
    projectId = project!.id;
    await db.insert(s.projectMembers).values([
      { projectId, userId: ids.owner, kind: 'client' },
      { projectId, userId: ids.pm, kind: 'projectManager' },
    ]);
    // The owner finished the first-visit tour, so its booking modal does not open over the form.
    await db
      .insert(s.tourStates)
      .values({ userId: ids.owner, projectId, step: 4, visited: true, openModal: false });
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

suite.journey(
  "the project's own manager changes the owner's e-mail by confirmation; another manager may not",
  async ({ page }) => {
    const openForm = async () => {
      await page.goto(`/project/daily-updates/${projectId}`);
      await page.getByRole('button', { name: 'Edit project details' }).click();
      return page.getByLabel('E-mail', { exact: true });
    };
    await signIn(page, 'oscar@example.com', PASSWORD);
    const locked = await openForm();
    assert.equal(await locked.getAttribute('readonly'), '');
    await page.getByText('Only an admin or a project manager of this project can change it').waitFor();
    await navItem(page, 'SIGN OUT').click();
    await page.getByRole('link', { name: named('SIGN IN') }).waitFor();

    await signIn(page, 'pm@example.com', PASSWORD);
    const email = await openForm();
    await email.fill('olivia.new@example.com');
    await page
      .locator('form')
      .filter({ has: email })
      .getByRole('button', { name: named('SAVE') })
      .click();
    await page.getByText('Project updated!', { exact: true }).waitFor();
    await page
      .getByText(/We sent a confirmation link to olivia\.new@example\.com/)
      .first()
      .waitFor();
    await expectNoA11yViolations(page);
    await mailbox.waitForMail(
      'olivia.new@example.com',
      (m) => m.subject === 'Confirm your new e-mail address',
    );
    await mailbox.waitForMail(
      'owner@example.com',
      (m) => m.subject === 'Your e-mail address is about to change',
    );
  },
);

suite.journey(
  'the owner changes their own e-mail: their current password is asked for, and the new mailbox confirms it',
  async ({ page }) => {
    await signIn(page, 'owner@example.com', PASSWORD);
    await page.goto(`/project/daily-updates/${projectId}`);
    await page.getByRole('button', { name: 'Edit project details' }).click();
    const email = page.getByLabel('E-mail', { exact: true });
    const form = page.locator('form').filter({ has: email });
    // Asked for only once the e-mail differs.
    assert.equal(await page.getByRole('textbox', { name: 'Current password' }).count(), 0);
    await email.fill('olivia.own@example.com');
    const current = page.getByRole('textbox', { name: 'Current password' });
    await current.waitFor();
    await form.getByRole('button', { name: named('SAVE') }).click();
    await page.getByText('Please enter your current password.').waitFor();
    await current.fill('not-my-password');
    await form.getByRole('button', { name: named('SAVE') }).click();
    await page.getByText('Sorry, password is incorrect').waitFor();
    await current.fill(PASSWORD);
    await form.getByRole('button', { name: named('SAVE') }).click();
    await page
      .getByText(/We sent a confirmation link to olivia\.own@example\.com/)
      .first()
      .waitFor();
    await expectNoA11yViolations(page);
    await mailbox.waitForMail(
      'owner@example.com',
      (m) => m.subject === 'Your e-mail address is about to change' && m.text.includes('You asked'),
    );
    await mailbox.waitForMail(
      'olivia.own@example.com',
      (m) => m.subject === 'Confirm your new e-mail address',
    );
  },
);
